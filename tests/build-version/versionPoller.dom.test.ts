import { pollIntervalFromEnv, startVersionPoller } from '../../src/build-version/versionPoller';
import { textResponse } from './fakes';

const minute = 60_000;
let stop: (() => void) | undefined;
let hidden = false;

function latest(id: string): Response {
  return textResponse(JSON.stringify({ id, timestamp: 1 }));
}

function stubFetch(answer: () => Response = () => latest('current')) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function start(overrides: Partial<Parameters<typeof startVersionPoller>[0]> = {}) {
  const onNewBuild = vi.fn<(id: string) => void>();
  stop = startVersionPoller({
    currentId: 'current',
    intervalMs: 60 * minute,
    minFocusGapMs: 5 * minute,
    isBot: false,
    onNewBuild,
    ...overrides,
  });
  return onNewBuild;
}

function setHidden(value: boolean) {
  hidden = value;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ now: 10_000_000 });
  hidden = false;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
});

afterEach(() => {
  stop?.();
  stop = undefined;
  Reflect.deleteProperty(document, 'hidden');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('startVersionPoller', () => {
  it('polls latest.json once per interval, with the time as ?t=', async () => {
    const fetchMock = stubFetch();
    start();
    await vi.advanceTimersByTimeAsync(60 * minute - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `/_app/builds/latest.json?t=${10_000_000 + 60 * minute}`,
    );
    await vi.advanceTimersByTimeAsync(60 * minute);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('takes the default interval from VITE_VERSION_POLL_MINUTES', async () => {
    vi.stubEnv('VITE_VERSION_POLL_MINUTES', '15');
    const fetchMock = stubFetch();
    start({ intervalMs: undefined });
    await vi.advanceTimersByTimeAsync(15 * minute);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('polls on focus and on becoming visible, at most once per focus gap', async () => {
    const fetchMock = stubFetch();
    start();
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).not.toHaveBeenCalled(); // the page load itself counts as a poll

    await vi.advanceTimersByTimeAsync(5 * minute);
    window.dispatchEvent(new Event('focus'));
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(5 * minute - 1);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a focus poll restarts the interval', async () => {
    const fetchMock = stubFetch();
    start();
    await vi.advanceTimersByTimeAsync(30 * minute);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(59 * minute);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 * minute);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never polls while the tab is hidden, and catches up when it is shown', async () => {
    const fetchMock = stubFetch();
    start();
    setHidden(true);
    await vi.advanceTimersByTimeAsync(3 * 60 * minute);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).not.toHaveBeenCalled();
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never polls for a bot', async () => {
    const fetchMock = stubFetch();
    start({ isBot: true });
    await vi.advanceTimersByTimeAsync(3 * 60 * minute);
    window.dispatchEvent(new Event('focus'));
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a new id once and then stops for good', async () => {
    const fetchMock = stubFetch(() => latest('next'));
    const onNewBuild = start();
    await vi.advanceTimersByTimeAsync(60 * minute);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledWith('next');
    await vi.advanceTimersByTimeAsync(5 * 60 * minute);
    window.dispatchEvent(new Event('focus'));
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
  });

  it('keeps polling while the same id comes back', async () => {
    stubFetch();
    const onNewBuild = start();
    await vi.advanceTimersByTimeAsync(3 * 60 * minute);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  it.each([
    ['an HTML page', '<!doctype html><title>Home</title>'],
    ['a numeric id', '{"id":1,"timestamp":1}'],
    ['an empty id', '{"id":"","timestamp":1}'],
    ['an empty body', ''],
  ])('treats %s as unknown: no new build, polling goes on', async (_label, body) => {
    const fetchMock = stubFetch(() => textResponse(body));
    const onNewBuild = start();
    await vi.advanceTimersByTimeAsync(2 * 60 * minute);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  it('stops when asked', async () => {
    const fetchMock = stubFetch();
    start();
    stop?.();
    await vi.advanceTimersByTimeAsync(3 * 60 * minute);
    window.dispatchEvent(new Event('focus'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('pollIntervalFromEnv', () => {
  it('reads positive minutes and falls back to 60', () => {
    expect(pollIntervalFromEnv('15')).toBe(15 * minute);
    expect(pollIntervalFromEnv('0.5')).toBe(30_000);
    expect(pollIntervalFromEnv(undefined)).toBe(60 * minute);
    expect(pollIntervalFromEnv('')).toBe(60 * minute);
    expect(pollIntervalFromEnv('0')).toBe(60 * minute);
    expect(pollIntervalFromEnv('soon')).toBe(60 * minute);
  });

  it('keeps polling after a request the network never answers', async () => {
    let calls = 0;
    const fetchMock = vi.fn<typeof fetch>(() => {
      calls += 1;
      // The first poll hangs for good (and ignores its abort signal); the next ones answer.
      return calls === 1 ? new Promise<Response>(() => {}) : Promise.resolve(latest('next'));
    });
    vi.stubGlobal('fetch', fetchMock);
    const onNewBuild = start();

    await vi.advanceTimersByTimeAsync(60 * minute);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60 * minute);

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onNewBuild).toHaveBeenCalledWith('next');
  });

  it('polls on focus once a hung request has timed out', async () => {
    let calls = 0;
    const fetchMock = vi.fn<typeof fetch>(() => {
      calls += 1;
      return calls === 1 ? new Promise<Response>(() => {}) : Promise.resolve(latest('current'));
    });
    vi.stubGlobal('fetch', fetchMock);
    start();

    await vi.advanceTimersByTimeAsync(60 * minute);
    await vi.advanceTimersByTimeAsync(5 * minute);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);

    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('polls on when the interval is shorter than a hung request’s timeout', async () => {
    // The first answer never comes; fetchLatest would give up only after 10 s.
    let calls = 0;
    const fetchMock = vi.fn<typeof fetch>(() => {
      calls += 1;
      if (calls === 1) return new Promise<Response>(() => {});
      return Promise.resolve(latest(calls === 2 ? 'current' : 'next'));
    });
    vi.stubGlobal('fetch', fetchMock);
    const onNewBuild = start({ intervalMs: 2000 });

    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onNewBuild).toHaveBeenCalledWith('next');
  });
});
