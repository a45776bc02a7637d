/**
 * The estimate API at the network boundary (MSW): every POST to /api/estimates is recorded as it
 * went over the wire and gets the next queued answer; any other request fails the test. Call
 * estimateApi() at the top of a test file; it listens for that file's tests only.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

type SentRequest = { method: string; url: URL; headers: Headers; body: unknown };
export type Answer = () => Response | Promise<Response>;

export function estimateApi() {
  const requests: SentRequest[] = [];
  const answers: Answer[] = [];
  const server = setupServer(
    http.post('*/api/estimates', async ({ request }) => {
      const text = await request.text();
      requests.push({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      });
      const next = answers.shift();
      if (!next) throw new Error('unexpected request');
      return next();
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    requests.length = 0;
    answers.length = 0;
  });
  afterAll(() => server.close());
  return { requests, answers };
}

/** An answer with `status` and `data` as its body (JSON, or text when a string). */
export function answer(status: number, data: unknown): Answer {
  return () =>
    typeof data === 'string'
      ? new HttpResponse(data, { status })
      : HttpResponse.json(data as Record<string, unknown>, { status });
}

export function created(id: string): Answer {
  return answer(201, { id });
}

/** The connection fails (offline, DNS, a reset). */
export const networkError: Answer = () => HttpResponse.error();
