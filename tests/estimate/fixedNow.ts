// One fixed "now" for the estimate's date rules, shared by their unit tests.

/** 2026-05-10 10:00 in Tokyo: the years offered, "today" and the expiry rules follow it. */
const fixedNow = new Date('2026-05-10T01:00:00Z');

/** Freezes Date at fixedNow for every test of the calling file. */
export function freezeDateAtFixedNow(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(fixedNow);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
