/**
 * A stand-in for the WordPress endpoint the page reads the opening hours from. BUSINESS_TIME_MODE
 * faults (local origin only) let e2e prove the page ignores a broken endpoint.
 */
import { json } from '../http/http';

export type BusinessHours = {
  start: string | undefined;
  end: string | undefined;
  mode?: string | undefined;
};

export const defaultStart = '9:00';
export const defaultEnd = '19:00';
/** @internal Past the client's 5 s timeout; exported for tests, which advance the clock by it. */
export const slowAnswerDelayMs = 8000;

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
