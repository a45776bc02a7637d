// Runs in Node: the business-hours handler answers over HTTP through the local origin's
// Node ⇄ Fetch adapter, with the hours and faults from the environment as the origin reads them.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { businessTimeAnswer, slowAnswerDelayMs } from '../../../server/site/businessTime';
import { serveFetch } from '../../../server/node/nodeFetch';

let server: Server;
let baseUrl: string;

const fromEnv = () => ({
  start: process.env.BUSINESS_START_TIME,
  end: process.env.BUSINESS_END_TIME,
  mode: process.env.BUSINESS_TIME_MODE,
});

beforeEach(async () => {
  server = createServer((req, res) => {
    void serveFetch(req, res, 'http://127.0.0.1', (request) =>
      businessTimeAnswer(request, fromEnv()),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('businessTimeAnswer', () => {
  it('answers the default hours as uncached JSON', async () => {
    vi.stubEnv('BUSINESS_START_TIME', undefined);
    vi.stubEnv('BUSINESS_END_TIME', undefined);
    vi.stubEnv('BUSINESS_TIME_MODE', undefined);

    const response = await fetch(baseUrl);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ start_time: '9:00', end_time: '19:00' });
  });

  it('answers the hours from the environment', async () => {
    vi.stubEnv('BUSINESS_START_TIME', '10:30');
    vi.stubEnv('BUSINESS_END_TIME', '18:00');

    const response = await fetch(baseUrl);

    expect(await response.json()).toEqual({ start_time: '10:30', end_time: '18:00' });
  });

  it('refuses other methods with 405', async () => {
    const response = await fetch(baseUrl, { method: 'POST', body: '{}' });

    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('fails with 500 in fail mode', async () => {
    vi.stubEnv('BUSINESS_TIME_MODE', 'fail');

    const response = await fetch(baseUrl);

    expect(response.status).toBe(500);
  });

  it('answers a body that is not JSON in garbage mode', async () => {
    vi.stubEnv('BUSINESS_TIME_MODE', 'garbage');

    const response = await fetch(baseUrl);

    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow();
  });

  describe('in slow mode', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.stubEnv('BUSINESS_TIME_MODE', 'slow');
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    it('answers only after 8 seconds', async () => {
      let answered: Response | undefined;
      void businessTimeAnswer(new Request(baseUrl), fromEnv()).then((response) => {
        answered = response;
      });

      await vi.advanceTimersByTimeAsync(slowAnswerDelayMs - 1);
      expect(answered).toBeUndefined();

      await vi.advanceTimersByTimeAsync(1);
      expect(answered?.status).toBe(200);
      expect(await answered?.json()).toHaveProperty('start_time');
    });

    it('drops the pending answer when the client goes away', async () => {
      const gone = new AbortController();
      const pending = businessTimeAnswer(new Request(baseUrl, { signal: gone.signal }), fromEnv());

      gone.abort();

      await expect(pending).rejects.toThrow();
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});
