import { fetchLatest, requestBuildMeta } from '../../src/build-version/buildInfo';
import { housekeepingTimeoutMs } from '../../src/lib/withTimeout';
import { hangingFetch, textResponse } from './fakes';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stubFetch(...answers: Array<Response | Error>) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const answer of answers) {
    if (answer instanceof Error) fetchMock.mockRejectedValueOnce(answer);
    else fetchMock.mockResolvedValueOnce(answer);
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('fetchLatest', () => {
  it('asks for latest.json with a ?t= of the current time, bypassing the cache', async () => {
    vi.useFakeTimers({ now: 1_234_567 });
    const fetchMock = stubFetch(textResponse('{"id":"b2","timestamp":5}'));
    await expect(fetchLatest()).resolves.toEqual({ id: 'b2', timestamp: 5 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/_app/builds/latest.json?t=1234567',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });

  it('accepts an id of letters, digits, dots, dashes and underscores', async () => {
    stubFetch(textResponse('{"id":"b-20250101.1_a","timestamp":1}'));
    await expect(fetchLatest()).resolves.toEqual({ id: 'b-20250101.1_a', timestamp: 1 });
  });

  it.each([
    ['an HTML fallback page', textResponse('<!doctype html><html></html>')],
    ['an id of the wrong type', textResponse('{"id":1,"timestamp":5}')],
    ['an empty id', textResponse('{"id":"","timestamp":5}')],
    ['an id with a slash', textResponse('{"id":"../x","timestamp":5}')],
    ['a string timestamp', textResponse('{"id":"b2","timestamp":"5"}')],
    ['no timestamp', textResponse('{"id":"b2"}')],
    ['an array', textResponse('["b2",5]')],
    ['null', textResponse('null')],
    ['an empty body', textResponse('')],
    ['a 404', textResponse('{"id":"b2","timestamp":5}', 404)],
  ])('answers unknown for %s', async (_label, response) => {
    stubFetch(response);
    await expect(fetchLatest()).resolves.toBe('unknown');
  });

  it('answers unknown when the network fails', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(fetchLatest()).resolves.toBe('unknown');
  });
});

describe('requestBuildMeta', () => {
  it("requests this bundle's meta file, revalidated", async () => {
    const fetchMock = stubFetch(textResponse('{}'));
    await requestBuildMeta();
    expect(fetchMock).toHaveBeenCalledWith(
      '/_app/builds/meta/test-build.json',
      expect.objectContaining({ cache: 'no-cache' }),
    );
  });

  it('settles without an error when the network fails or the body is not JSON', async () => {
    stubFetch(new TypeError('offline'), textResponse('<html>'));
    await expect(requestBuildMeta()).resolves.toBeUndefined();
    await expect(requestBuildMeta()).resolves.toBeUndefined();
  });
});

describe('a request the network never answers', () => {
  it('makes fetchLatest answer unknown after the timeout, aborting the request', async () => {
    vi.useFakeTimers();
    const signals = hangingFetch();
    const answer = fetchLatest();
    let settled = false;
    void answer.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(housekeepingTimeoutMs - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    await expect(answer).resolves.toBe('unknown');
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('makes the meta request settle after the timeout', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const request = requestBuildMeta();

    await vi.advanceTimersByTimeAsync(housekeepingTimeoutMs);

    await expect(request).resolves.toBeUndefined();
  });

  it('times out a body that never finishes too', async () => {
    vi.useFakeTimers();
    const body = new ReadableStream<Uint8Array>({ start: () => {} });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(new Response(body, { status: 200 }))),
    );
    const answer = fetchLatest();

    await vi.advanceTimersByTimeAsync(housekeepingTimeoutMs);

    await expect(answer).resolves.toBe('unknown');
  });

  it('leaves no timer behind once answered', async () => {
    vi.useFakeTimers();
    stubFetch(textResponse('{"id":"b2","timestamp":5}'));

    await fetchLatest();

    expect(vi.getTimerCount()).toBe(0);
  });
});
