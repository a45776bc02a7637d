// The local origin against a small fixture tree: every kind of answer, its status and headers.
// Raw requests (node:http), because fetch would normalise the very paths under test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brandIds, brands, localOrigin, type BrandId } from '../../src/brand/brands';
import { businessTimePath } from '../../src/business-hours/loadBusinessHours';
import { cacheControl, headerRules, renderHeadersFile } from '../../server/site/headers';
import { createClientErrorHandler, createOrigin } from '../../server/node/origin';
import { answers } from '../../server/http/messages';
import { apiPaths } from '../../server/app';
import { httpRequest, type HttpAnswer } from './httpRequest';

const csp = "default-src 'self'; frame-ancestors 'none'";
let dist: string;
let server: Server;
let port: number;

function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'origin-test-'));
  for (const brand of brandIds) {
    const tree = join(dist, brand);
    write(join(tree, 'index.html'), `<title>${brand} index</title>`);
    write(join(tree, 'term.html'), `<title>${brand} term</title>`);
    write(join(tree, '404.html'), `<title>${brand} not found</title>`);
    write(join(tree, 'assets/app-abc.js'), 'console.log(1)');
    write(join(tree, 'robots.txt'), 'User-agent: *');
    write(join(tree, '_app/builds/latest.json'), '{"id":"new"}');
    write(join(tree, '_app/builds/meta/new.json'), '{"id":"new"}');
    write(join(tree, '_app/builds/meta/old.json'), '{"id":"old"}');
    write(join(tree, '_app/builds/new/payload/index.json'), '{}');
    write(join(tree, '_app/builds/old/payload/index.json'), '{}');
    write(
      join(tree, '_headers'),
      renderHeadersFile(headerRules({ pageHrefs: ['/', '/term'], contentSecurityPolicy: csp })),
    );
  }
  server = createServer(
    createOrigin({ distDir: dist, estimatesFile: join(dist, 'estimates.jsonl') }),
  );
  server.on('clientError', createClientErrorHandler({ distDir: dist }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

function send(path: string, opts: { method?: string; host?: string; body?: string } = {}) {
  return httpRequest(port, path, {
    method: opts.method,
    body: opts.body,
    headers: {
      Host: opts.host ?? 'localhost',
      ...(opts.body ? { 'Content-Type': 'application/json' } : {}),
    },
  });
}

function expectSecurityHeaders(answer: HttpAnswer): void {
  expect(answer.headers['content-security-policy']).toBe(csp);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(answer.headers['permissions-policy']).toContain('camera=()');
  expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
}

describe('local origin', () => {
  it.each([
    ['/', 'carsupport index'],
    ['/term', 'carsupport term'],
    ['/term?utm_source=x', 'carsupport term'],
    ['/%74erm', 'carsupport term'],
  ])('serves %s as a page with the security headers', async (path, title) => {
    const answer = await send(path);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(title);
    expect(answer.headers['cache-control']).toBe(cacheControl.revalidate);
    expectSecurityHeaders(answer);
  });

  it('picks the tree by Host', async () => {
    const answer = await send('/term', { host: 'www.yamada-shaken.localhost:4173' });
    expect(answer.body).toContain('yamada term');
  });

  it.each([
    ['/term/', '/term'],
    ['/term//', '/term'],
    ['/term/?utm_source=a&gclid=b', '/term?utm_source=a&gclid=b'],
    // An encoded slash is still a trailing slash: redirected once, never to itself.
    ['/term%2F', '/term'],
    ['/term%2f?x=1', '/term?x=1'],
    // Never to another host: a Location of //evil.example would leave the site.
    ['/.//evil.example/', '/evil.example'],
    ['/%2e//evil.example/', '/evil.example'],
    ['//evil.example/', '/evil.example'],
    ['//evil.example', '/evil.example'],
    ['/%2F%2Fevil.example', '/evil.example'],
    ['/./term', '/term'],
    ['/index', '/'],
    ['/index.html', '/'],
    ['/index.html?utm_source=x', '/?utm_source=x'],
    // A page's file name: served as is, the router would hydrate it into the not-found page.
    ['/term.html', '/term'],
    ['/privacypolicy.html?utm_source=x', '/privacypolicy?utm_source=x'],
  ])('redirects %s to %s with the security headers', async (path, location) => {
    const answer = await send(path);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(location);
    expect(answer.headers.location).not.toMatch(/^\/[/\\]/);
    expectSecurityHeaders(answer);
  });

  it('passes an encoded query on as it came, where it cannot inject a header', async () => {
    const answer = await send('/term/?a=%0d%0aSet-Cookie:x');
    expect(answer.headers.location).toBe('/term?a=%0d%0aSet-Cookie:x');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('redirects an answer it was sent to once, never to itself', async () => {
    for (const path of ['/term%2F', '/.//evil.example/', '/%2e//evil.example/']) {
      const first = await send(path);
      const second = await send(String(first.headers.location));
      expect(second.status, path).not.toBe(301);
    }
  });

  it.each([
    '/no-such-page',
    '/term.php',
    // Malformed percent-encoding and control characters: the 404 page, not a bare 400.
    '/%E0%A4%A',
    '/%',
    '/term%00',
    '/%0d%0aSet-Cookie:x=1',
    // Backslashes, which some clients read as slashes.
    '/\\evil.example/',
    '/%5Cevil.example/',
    '/%5C%5Cevil.example',
    // Traversal, plain and encoded.
    '/../package.json',
    '/%2e%2e/%2e%2e/package.json',
    '/assets/..%2f..%2f_headers',
    '/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    // Not pages, and the host's own rule file.
    '/404',
    '/404.html',
    '/_headers',
    '/assets/missing-abc.js',
    '/_app/builds/gone/payload/index.json',
  ])('answers %s with 404, the 404 page and the security headers', async (path) => {
    const answer = await send(path);
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('carsupport not found');
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    // A missing hashed file must not be cached as immutable.
    expect(answer.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(answer);
  });

  it('answers the 404 page of the host brand', async () => {
    const answer = await send('/%E0%A4%A', { host: 'yamada-shaken.localhost' });
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('yamada not found');
  });

  it.each([
    ['/assets/app-abc.js', cacheControl.immutable],
    ['/_app/builds/latest.json', cacheControl.revalidate],
    ['/_app/builds/new/payload/index.json', cacheControl.immutable],
    ['/_app/builds/meta/new.json', cacheControl.immutable],
    // The previous build's files keep their rule after the deploy of "new".
    ['/_app/builds/old/payload/index.json', cacheControl.immutable],
    ['/_app/builds/meta/old.json', cacheControl.immutable],
    ['/robots.txt', cacheControl.short],
  ])('serves %s with Cache-Control %s', async (path, expected) => {
    const answer = await send(path);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(expected);
    expectSecurityHeaders(answer);
  });

  it('refuses other methods on files with 405 and the security headers', async () => {
    const answer = await send('/term', { method: 'POST', body: '{}' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expectSecurityHeaders(answer);
  });

  it.each([
    '/api\\estimates',
    '/api/./estimates',
    '/%2e/api/estimates',
    '/api/x/../estimates',
    '/api/%65stimates',
    '//api//estimates',
  ])('routes %s as the Worker does, as /api/estimates (routePath)', async (path) => {
    const answer = await send(path, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: answers.idempotencyKey });
  });

  it.each(['GET', 'POST'])(
    'answers %s to an API path no route takes (re-send here) with the 404 page',
    async (method) => {
      const answer = await send(apiPaths.resend, {
        method,
        body: method === 'POST' ? '' : undefined,
      });
      expect(answer.status).toBe(404);
      expect(answer.body).toContain('carsupport not found');
      expectSecurityHeaders(answer);
    },
  );

  it('puts the security headers on the API answers', async () => {
    const hours = await send(businessTimePath);
    expect(hours.status).toBe(200);
    expectSecurityHeaders(hours);
    const refused = await send('/api/estimates', { method: 'POST', body: 'not json' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expectSecurityHeaders(refused);
  });
});

/** Sends `raw` bytes as they are and resolves with everything the server answers until it closes. */
function sendRaw(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE'
        ? resolve(Buffer.concat(chunks).toString('utf8'))
        : reject(error),
    );
    // Written, not ended: the server closes once it has answered (Connection: close or an error).
    socket.write(raw);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return { statusLine, headers, body };
}

/** A Host for each brand of the table: the default one's on localhost, others on their marker. */
function hostOf(brand: BrandId): string {
  return new URL(localOrigin(brand, 4173)).hostname;
}

describe("Node's own parser errors", () => {
  it.each(brandIds)(
    '%s: a 16 KB Cookie header gets 431 with the security headers and a Japanese page',
    async (brand) => {
      const cookie = `tracking_data=${'x'.repeat(16 * 1024)}`;
      const answer = parseRaw(
        await sendRaw(`GET / HTTP/1.1\r\nHost: ${hostOf(brand)}\r\nCookie: ${cookie}\r\n\r\n`),
      );

      expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(answer.headers['content-security-policy']).toBe(csp);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      expect(answer.body).toContain('<html lang="ja">');
      expect(answer.body).toContain('Cookie');
      expect(answer.body).toContain(brands[brand].name);
      expect(answer.body).toContain(brands[brand].phone);
    },
  );

  it.each(brandIds)(
    '%s: a malformed request gets 400 with the headers and a page',
    async (brand) => {
      const answer = parseRaw(
        await sendRaw(`GET / HTTP/1.1\r\nHost: ${hostOf(brand)}\r\nNo colon here\r\n\r\n`),
      );

      expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(answer.headers['content-security-policy']).toBe(csp);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.body).toContain('ページを表示できませんでした');
      expect(answer.body).toContain(brands[brand].name);
    },
  );

  it.each([
    ['/', 'GET'],
    ['/term', 'GET'],
    ['/assets/app-abc.js', 'GET'],
    ['/api/estimates', 'POST'],
    ['/api/estimates.csv', 'GET'],
    [businessTimePath, 'GET'],
    ['/no-such-page', 'GET'],
  ])('a malformed Host gets 400 with the security headers on %s', async (path, method) => {
    for (const host of ['exa mple.com', 'evil.example/x', 'a@localhost', 'localhost:80:80', '']) {
      const answer = parseRaw(
        await sendRaw(`${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
      );

      expect(answer.statusLine, host).toBe('HTTP/1.1 400 Bad Request');
      expect(answer.headers['content-security-policy']).toBe(csp);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toContain('ページを表示できませんでした');
    }
  });

  it('serves a cookie of the size the site itself writes', async () => {
    const cookie = `tracking_data=${'x'.repeat(3800)}; business_start_time=9:00; business_end_time=19:00`;
    const answer = parseRaw(
      await sendRaw(
        `GET / HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
      ),
    );

    expect(answer.statusLine).toBe('HTTP/1.1 200 OK');
  });
});
