import {
  fetchBuildMeta,
  fetchLatest,
  getBuildMeta,
  isBuildLatest,
  isBuildMeta,
  isPrerendered,
  resetBuildMetaCache,
} from '../../src/build-version/buildInfo';
import type { BuildMeta } from '../../src/build-version/buildInfo';
import { textResponse } from './fakes';

const meta: BuildMeta = {
  id: 'test-build',
  timestamp: 1_700_000_000_000,
  brand: 'carsupport',
  prerendered: ['/', '/term', '/legal', '/privacypolicy'],
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetBuildMetaCache();
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

describe('guards', () => {
  it('accepts a latest body with a sane id and a numeric timestamp', () => {
    expect(isBuildLatest({ id: 'b-20250101.1_a', timestamp: 1 })).toBe(true);
  });

  it.each([
    ['a number id', { id: 1, timestamp: 1 }],
    ['an empty id', { id: '', timestamp: 1 }],
    ['an id with a slash', { id: '../x', timestamp: 1 }],
    ['a string timestamp', { id: 'b2', timestamp: '1' }],
    ['no timestamp', { id: 'b2' }],
    ['an array', ['b2', 1]],
    ['null', null],
  ])('rejects a latest body with %s', (_label, body) => {
    expect(isBuildLatest(body)).toBe(false);
  });

  it('accepts a meta body and rejects one whose prerendered list is not paths', () => {
    expect(isBuildMeta(meta)).toBe(true);
    expect(isBuildMeta({ ...meta, prerendered: ['term'] })).toBe(false);
    expect(isBuildMeta({ ...meta, prerendered: '/' })).toBe(false);
    expect(isBuildMeta({ ...meta, brand: 3 })).toBe(false);
  });
});

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

  it.each([
    ['an HTML fallback page', textResponse('<!doctype html><html></html>')],
    ['an id of the wrong type', textResponse('{"id":1,"timestamp":5}')],
    ['an empty id', textResponse('{"id":"","timestamp":5}')],
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

describe('fetchBuildMeta', () => {
  it("fetches this bundle's meta file by default", async () => {
    const fetchMock = stubFetch(textResponse(JSON.stringify(meta)));
    await expect(fetchBuildMeta()).resolves.toEqual(meta);
    expect(fetchMock).toHaveBeenCalledWith(
      '/_app/builds/meta/test-build.json',
      expect.objectContaining({ cache: 'no-cache' }),
    );
  });

  it('answers null for a body about another build, a non-JSON body or a network failure', async () => {
    stubFetch(
      textResponse(JSON.stringify({ ...meta, id: 'other' })),
      textResponse('<html>'),
      new TypeError('offline'),
    );
    await expect(fetchBuildMeta()).resolves.toBeNull();
    await expect(fetchBuildMeta()).resolves.toBeNull();
    await expect(fetchBuildMeta()).resolves.toBeNull();
  });
});

describe('getBuildMeta', () => {
  it('fetches once and shares the answer', async () => {
    const fetchMock = stubFetch(textResponse(JSON.stringify(meta)));
    const [first, second] = await Promise.all([getBuildMeta(), getBuildMeta()]);
    expect(first).toEqual(meta);
    expect(await getBuildMeta()).toBe(second);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failure', async () => {
    const fetchMock = stubFetch(new TypeError('offline'), textResponse(JSON.stringify(meta)));
    await expect(getBuildMeta()).resolves.toBeNull();
    await expect(getBuildMeta()).resolves.toEqual(meta);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('isPrerendered', () => {
  it('answers for the paths the build lists, with or without a trailing slash', () => {
    expect(isPrerendered(meta, '/')).toBe(true);
    expect(isPrerendered(meta, '/term')).toBe(true);
    expect(isPrerendered(meta, '/term/')).toBe(true);
    expect(isPrerendered(meta, '/missing')).toBe(false);
    expect(isPrerendered({ ...meta, prerendered: ['/'] }, '/term')).toBe(false);
  });

  it('answers false without meta', () => {
    expect(isPrerendered(null, '/')).toBe(false);
  });
});
