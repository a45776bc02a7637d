import { loadPayload } from '../../src/app/loadPayload';
import { PayloadLoadError } from '../../src/build-version/chunkFailure';
import { housekeepingTimeoutMs } from '../../src/lib/withTimeout';
import { hangingFetch } from '../build-version/fakes';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('loadPayload', () => {
  it('loads the payload of the route', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(Response.json({ route: 'term', title: 'x' })),
    );
    vi.stubGlobal('fetch', fetchMock);

    await expect(loadPayload('term')).resolves.toMatchObject({ route: 'term' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/_app/builds/test-build/payload/term.json');
  });

  it('fails as a load error after the timeout when the network never answers', async () => {
    vi.useFakeTimers();
    const signals = hangingFetch();
    const loading = loadPayload('term');
    const outcome = loading.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(housekeepingTimeoutMs);

    const error = await outcome;
    expect(error).toBeInstanceOf(PayloadLoadError);
    expect((error as Error).message).toContain('timed out');
    expect(signals[0]?.aborted).toBe(true);
  });

  it('still reports a network error as one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('offline'))),
    );

    await expect(loadPayload('legal')).rejects.toThrow(/network error/);
  });
});
