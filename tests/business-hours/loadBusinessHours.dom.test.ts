import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { loadBusinessHours } from '../../src/business-hours/loadBusinessHours';

const endpoint = '/shaken/column/wp-json/wp/business_time';

// The hours endpoint at the network boundary (MSW); each test queues its answer.
let next: () => Response = () => HttpResponse.error();
const requested: URL[] = [];
const server = setupServer(
  http.get(`*${endpoint}`, ({ request }) => {
    requested.push(new URL(request.url));
    return next();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function answer(data: unknown) {
  next = () =>
    typeof data === 'string'
      ? new HttpResponse(data, { status: 200 })
      : HttpResponse.json(data as Record<string, unknown>);
}

beforeEach(() => {
  requested.length = 0;
  next = () => HttpResponse.error();
  vi.stubEnv('VITE_LP_URL', undefined);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('loadBusinessHours', () => {
  it('uses both cookies without a request', async () => {
    Cookies.set('business_start_time', '10:00');
    Cookies.set('business_end_time', '18:30');

    await expect(loadBusinessHours()).resolves.toEqual({ start: '10:00', end: '18:30' });
    expect(requested).toHaveLength(0);
  });

  it('requests the same origin by default and stores the normalised hours', async () => {
    answer({ start_time: '09:00:00', end_time: '19:00' });

    await expect(loadBusinessHours()).resolves.toEqual({ start: '9:00', end: '19:00' });
    expect(requested.map((url) => url.href)).toEqual([
      new URL(endpoint, window.location.origin).href,
    ]);
    expect(Cookies.get('business_start_time')).toBe('9:00');
    expect(Cookies.get('business_end_time')).toBe('19:00');
  });

  it('prefixes VITE_LP_URL without doubling the slash', async () => {
    vi.stubEnv('VITE_LP_URL', 'https://www.carsupport.com/');
    answer({ start_time: '9:00', end_time: '19:00' });

    await loadBusinessHours();

    expect(requested.map((url) => url.href)).toEqual([`https://www.carsupport.com${endpoint}`]);
  });

  it('stores the cookies for a day with the host cookie attributes', async () => {
    const setSpy = vi.spyOn(Cookies, 'set');
    answer({ start_time: '9:00', end_time: '19:00' });

    await loadBusinessHours();

    const attributes = { secure: false, sameSite: 'Lax', expires: 1, path: '/' };
    expect(setSpy).toHaveBeenCalledWith('business_start_time', '9:00', attributes);
    expect(setSpy).toHaveBeenCalledWith('business_end_time', '19:00', attributes);
  });

  it('requests when only one cookie exists', async () => {
    Cookies.set('business_start_time', '10:00');
    answer({ start_time: '9:00', end_time: '19:00' });

    await expect(loadBusinessHours()).resolves.toEqual({ start: '9:00', end: '19:00' });
    expect(requested).toHaveLength(1);
    expect(Cookies.get('business_start_time')).toBe('9:00');
  });

  it('requests and replaces malformed cookies', async () => {
    Cookies.set('business_start_time', '25:00');
    Cookies.set('business_end_time', '19:00');
    answer({ start_time: '8:30', end_time: '20:00' });

    await expect(loadBusinessHours()).resolves.toEqual({ start: '8:30', end: '20:00' });
    expect(Cookies.get('business_start_time')).toBe('8:30');
  });

  it.each([
    ['back-to-front', '23:59', '0:00'],
    ['zero-length', '0:00', '0:00'],
    ['reversed', '19:00', '9:00'],
    ['one-minute', '0:00', '0:01'],
    ['last-minutes', '23:58', '23:59'],
    ['afternoon-only', '12:01', '23:59'],
    ['morning-only', '0:00', '11:59'],
  ])('refetches and rewrites %s hours tossed into the cookies', async (_name, start, end) => {
    // A subdomain can set cookies on the shared domain, with any expiry.
    Cookies.set('business_start_time', start, { expires: new Date('2100-01-01') });
    Cookies.set('business_end_time', end, { expires: new Date('2100-01-01') });
    answer({ start_time: '9:00', end_time: '19:00' });

    await expect(loadBusinessHours()).resolves.toEqual({ start: '9:00', end: '19:00' });
    expect(requested).toHaveLength(1);
    expect(Cookies.get('business_start_time')).toBe('9:00');
    expect(Cookies.get('business_end_time')).toBe('19:00');
  });

  it('keeps narrow hours when the endpoint itself answers them', async () => {
    // The endpoint is the shop's own word; only cookies, which a neighbour can write, are doubted.
    answer({ start_time: '0:00', end_time: '0:01' });

    await expect(loadBusinessHours()).resolves.toEqual({ start: '0:00', end: '0:01' });
    expect(Cookies.get('business_end_time')).toBe('0:01');
  });

  it.each([
    ['a network failure', () => (next = () => HttpResponse.error())],
    ['a server error', () => (next = () => new HttpResponse('down', { status: 503 }))],
    ['a non-JSON body', () => answer('<html>maintenance</html>')],
    ['an empty body', () => answer('')],
    ['null', () => answer(null)],
    ['a missing end_time', () => answer({ start_time: '9:00' })],
    ['an invalid start_time', () => answer({ start_time: '25:00', end_time: '19:00' })],
    ['back-to-front hours', () => answer({ start_time: '23:59', end_time: '0:00' })],
    ['zero-length hours', () => answer({ start_time: '0:00', end_time: '0:00' })],
    ['numbers', () => answer({ start_time: 900, end_time: 1900 })],
    ['an array', () => answer(['9:00', '19:00'])],
  ])('gives null and stores nothing on %s', async (_name, arrange) => {
    arrange();
    const errorSpy = vi.spyOn(console, 'error');

    await expect(loadBusinessHours()).resolves.toBeNull();
    expect(Cookies.get('business_start_time')).toBeUndefined();
    expect(Cookies.get('business_end_time')).toBeUndefined();
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('gives null when the endpoint has not answered in 5 s: the cta waits for no longer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      next = () => new Promise<Response>(() => {}) as unknown as Response;
      let outcome: unknown = 'pending';
      void loadBusinessHours().then((settled) => (outcome = settled));
      await vi.advanceTimersByTimeAsync(4_999);
      expect(outcome).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toBeNull();
      expect(Cookies.get('business_start_time')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares one request between concurrent callers', async () => {
    answer({ start_time: '9:00', end_time: '19:00' });

    const [first, second] = await Promise.all([loadBusinessHours(), loadBusinessHours()]);

    expect(first).toEqual({ start: '9:00', end: '19:00' });
    expect(second).toEqual(first);
    expect(requested).toHaveLength(1);
  });
});
