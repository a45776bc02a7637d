/**
 * `GET /shaken/column/wp-json/wp/business_time`: the stand-in for the WordPress endpoint the page
 * asks for the shop's opening hours, the same on both runtimes (routed by router.ts). The hours
 * come from the runtime (BUSINESS_START_TIME / BUSINESS_END_TIME, H:MM, 9:00–19:00 unless set).
 * The local origin alone can be told to misbehave (BUSINESS_TIME_MODE=fail|slow|garbage, see
 * server/node/origin.ts), so e2e can prove the page ignores a broken endpoint.
 */
import { json } from './http';

export type BusinessHours = {
  start: string | undefined;
  end: string | undefined;
  /** A test fault (local origin only): a 500, an answer after 8 s, or a body that is not JSON. */
  mode?: string | undefined;
};

const defaultStart = '9:00';
const defaultEnd = '19:00';
/**
 * @internal Longer than the client's 5 s timeout, so 'slow' exercises it; exported for tests,
 * which advance the clock by it.
 */
export const slowAnswerDelayMs = 8000;

/** Waits `ms`, or rejects once `signal` aborts (the client went away): no timer is left behind. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('client went away'));
    });
  });
}

export async function businessTimeAnswer(
  request: Request,
  hours: BusinessHours,
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return json(405, { error: 'Method Not Allowed' }, { Allow: 'GET, HEAD' });
  }
  const answer = (status: number, body: string) =>
    new Response(request.method === 'HEAD' ? null : body, {
      status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  switch (hours.mode) {
    case 'fail':
      return answer(500, JSON.stringify({ error: 'Internal Server Error' }));
    case 'garbage':
      // Claims JSON but is not, like a PHP notice printed before the body.
      return answer(200, '<br />\n<b>Notice</b>: oops {"start_time":');
    case 'slow':
      await delay(slowAnswerDelayMs, request.signal);
  }
  const body = { start_time: hours.start || defaultStart, end_time: hours.end || defaultEnd };
  return answer(200, JSON.stringify(body));
}
