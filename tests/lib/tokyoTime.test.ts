import { isRealDate, tokyoHhmm, tokyoOffset } from '../../src/lib/tokyoTime';

describe('tokyoHhmm', () => {
  it('reads the time in Tokyo whatever the instant’s UTC time', () => {
    expect(tokyoHhmm(new Date('2025-06-02T00:05:00Z'))).toBe(905);
    expect(tokyoHhmm(new Date('2025-06-02T15:00:00Z'))).toBe(0);
    expect(tokyoHhmm(new Date('2025-06-02T14:59:00Z'))).toBe(2359);
  });

  it('agrees with the fixed offset, which Japan never changes for summer', () => {
    for (const month of ['01', '07']) {
      expect(tokyoHhmm(new Date(`2025-${month}-15T08:30:00${tokyoOffset}`))).toBe(830);
    }
  });
});

describe('isRealDate', () => {
  it.each([
    [2024, 2, 29, true],
    [2025, 2, 29, false],
    [2025, 4, 31, false],
    [2025, 12, 31, true],
    [2025, 13, 1, false],
    [2025, 1, 0, false],
  ])('%i-%i-%i is %s', (year, month, day, expected) => {
    expect(isRealDate(year, month, day)).toBe(expected);
  });
});
