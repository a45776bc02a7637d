/**
 * The local origin's stand-in for the WordPress business_time endpoint
 * (GET /shaken/column/wp-json/wp/business_time). BUSINESS_TIME_MODE=fail|slow|garbage makes it
 * misbehave so e2e can prove the page ignores a broken endpoint.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { businessTimeJson } from './api/businessTime';

/**
 * @internal Longer than the client's 5 s timeout, so 'slow' exercises it; exported for tests,
 * which advance the clock by it.
 */
export const slowAnswerDelayMs = 8000;

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, {
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function answerHours(res: ServerResponse): void {
  const body = businessTimeJson(process.env.BUSINESS_START_TIME, process.env.BUSINESS_END_TIME);
  send(res, 200, 'application/json; charset=utf-8', body);
}

export function handleBusinessTime(req: IncomingMessage, res: ServerResponse): void {
  // HEAD is answered like GET; Node drops the body itself.
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    send(
      res,
      405,
      'application/json; charset=utf-8',
      JSON.stringify({ error: 'Method Not Allowed' }),
    );
    return;
  }
  switch (process.env.BUSINESS_TIME_MODE) {
    case 'fail':
      send(
        res,
        500,
        'application/json; charset=utf-8',
        JSON.stringify({ error: 'Internal Server Error' }),
      );
      return;
    case 'garbage':
      // Claims JSON but is not, like a PHP notice printed before the body.
      send(
        res,
        200,
        'application/json; charset=utf-8',
        '<br />\n<b>Notice</b>: oops {"start_time":',
      );
      return;
    case 'slow': {
      const timer = setTimeout(() => answerHours(res), slowAnswerDelayMs);
      // A client that gave up must not keep the timer (or a test run) alive.
      res.on('close', () => clearTimeout(timer));
      return;
    }
    default:
      answerHours(res);
  }
}
