/**
 * The estimate API at the network boundary (MSW): every POST to /api/estimates is recorded as it
 * went over the wire and gets the next queued answer; the booking's reads (GET /api/shops and
 * /api/slots) are recorded and answered by `reads.shops` and `reads.slots` (no shops unless a test
 * sets them); any other request fails the test. Call estimateApi() at the top of a test file; it
 * listens for that file's tests only.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

type SentRequest = { method: string; url: URL; headers: Headers; body: unknown };
export type Answer = () => Response | Promise<Response>;

const noShops: Answer = () => HttpResponse.json({ shops: [] });

export function estimateApi() {
  const requests: SentRequest[] = [];
  const answers: Answer[] = [];
  const reads = { urls: [] as URL[], shops: noShops, slots: noShops };
  const read =
    (answerOf: () => Answer) =>
    ({ request }: { request: Request }) => {
      reads.urls.push(new URL(request.url));
      return answerOf()();
    };
  const server = setupServer(
    http.get(
      '*/api/shops',
      read(() => reads.shops),
    ),
    http.get(
      '*/api/slots',
      read(() => reads.slots),
    ),
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
    Object.assign(reads, { urls: [], shops: noShops, slots: noShops });
  });
  afterAll(() => server.close());
  return { requests, answers, reads };
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
