// Runs in Node: the real local origin answers over HTTP with Node's fetch.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleBusinessTime, slowAnswerDelayMs } from '../../server/businessTime';

let server: Server;
let baseUrl: string;

beforeEach(async () => {
  server = createServer(handleBusinessTime);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('handleBusinessTime', () => {
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
    function fakeResponse() {
      const listeners: Record<string, () => void> = {};
      return {
        writableEnded: false,
        destroyed: false,
        writeHead: vi.fn(),
        end: vi.fn(),
        setHeader: vi.fn(),
        on: vi.fn((event: string, listener: () => void) => {
          listeners[event] = listener;
        }),
        emit: (event: string) => listeners[event]?.(),
      };
    }

    beforeEach(() => {
      vi.useFakeTimers();
      vi.stubEnv('BUSINESS_TIME_MODE', 'slow');
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    it('answers only after 8 seconds', () => {
      const res = fakeResponse();
      handleBusinessTime({ method: 'GET' } as never, res as never);

      vi.advanceTimersByTime(slowAnswerDelayMs - 1);
      expect(res.end).not.toHaveBeenCalled();

      vi.advanceTimersByTime(1);
      expect(res.writeHead).toHaveBeenCalledWith(200, expect.anything());
      expect(JSON.parse(res.end.mock.calls[0]?.[0] as string)).toHaveProperty('start_time');
    });

    it('drops the pending answer when the client goes away', () => {
      const res = fakeResponse();
      handleBusinessTime({ method: 'GET' } as never, res as never);

      res.emit('close');

      expect(vi.getTimerCount()).toBe(0);
    });
  });
});
