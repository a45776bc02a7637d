// A raw HTTP request to a test server on loopback, for the local origin's tests: node:http sends
// the path and headers as given (fetch would normalise the paths under test).
import { request, type IncomingHttpHeaders } from 'node:http';

export type HttpAnswer = { status: number; headers: IncomingHttpHeaders; body: string };

export function httpRequest(
  port: number,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: opts.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
