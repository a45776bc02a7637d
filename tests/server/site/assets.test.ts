// The Worker's static serving (server/site/assets.ts) over a stand-in for the asset binding: the
// site's path rules (paths.ts decidePath) where the asset server alone falls short, on the URL as
// the Worker gets it. What every engine must do with the built trees is the smoke suite's
// (e2e/smoke/smoke.spec.ts); here, the rules it leaves unchecked.
import { serveAsset } from '../../../server/site/assets';
import type { Env } from '../../../server/env';
import { cacheControl, headerRules, headersFor } from '../../../server/site/headers';

const csp = "default-src 'self'; frame-ancestors 'none'";
const rules = headerRules({ pageHrefs: ['/', '/term'], contentSecurityPolicy: csp });
const notFoundPage = '<title>not found</title>';
const files: Record<string, string> = {
  '/': '<title>index</title>',
  '/term': '<title>term</title>',
  '/404': notFoundPage,
};

/** The tree: its files by clean URL, each with its `_headers` rules; the paths asked, in order. */
function tree(): { env: Pick<Env, 'ASSETS'>; asked: string[] } {
  const asked: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input as Request, init);
    const url = new URL(request.url);
    asked.push(url.pathname + url.search);
    const body = files[url.pathname];
    const headers = {
      ...headersFor(rules, url.pathname),
      'Content-Type': 'text/html; charset=utf-8',
    };
    const content = request.method === 'HEAD' ? null : (body ?? notFoundPage);
    return Promise.resolve(new Response(content, { status: body ? 200 : 404, headers }));
  };
  return { env: { ASSETS: { fetch } as unknown as Env['ASSETS'] }, asked };
}

/** A request as the Worker gets it: its URL already parsed (backslashes, dot segments). */
function get(target: string, method = 'GET') {
  const { env, asked } = tree();
  const answer = serveAsset(new Request(`https://www.carsupport.com${target}`, { method }), env);
  return { answer, asked };
}

function expectSecurityHeaders(answer: Response): void {
  expect(answer.headers.get('content-security-policy')).toBe(csp);
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('x-frame-options')).toBe('DENY');
  expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('serveAsset', () => {
  it.each([
    ['/%74erm', '/term'],
    ['/term?utm_source=x', '/term?utm_source=x'],
  ])('serves %s as the page %s', async (target, file) => {
    const { answer, asked } = get(target);
    const served = await answer;
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(files['/term']);
    expect(asked).toEqual([file]);
  });

  it.each([
    ['/term//', '/term'],
    // An encoded slash is still a trailing slash: redirected once, never to itself.
    ['/term%2F', '/term'],
    ['/term%2f?x=1', '/term?x=1'],
    // Never to another host: a Location of //evil.example would leave the site.
    ['/.//evil.example/', '/evil.example'],
    ['/%2e//evil.example/', '/evil.example'],
    ['//evil.example/', '/evil.example'],
    ['//evil.example', '/evil.example'],
    ['/%2F%2Fevil.example', '/evil.example'],
    ['/index.html?utm_source=x', '/?utm_source=x'],
  ])('redirects %s to %s with the security headers, uncached', async (target, location) => {
    const answer = await get(target).answer;
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(location);
    expect(answer.headers.get('cache-control')).toBe(cacheControl.revalidate);
    expectSecurityHeaders(answer);
  });

  it('passes an encoded query on as it came, where it cannot inject a header', async () => {
    const answer = await get('/term/?a=%0d%0aSet-Cookie:x').answer;
    expect(answer.headers.get('location')).toBe('/term?a=%0d%0aSet-Cookie:x');
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    // Control characters and backslashes (which some clients read as slashes), encoded.
    '/%0d%0aSet-Cookie:x=1',
    '/term%00',
    '/%5Cevil.example/',
    '/%5C%5Cevil.example',
    // Traversal, encoded past the URL parser.
    '/assets/..%2f..%2f_headers',
    '/%2e%2e%2f%2e%2e%2fpackage.json',
  ])('answers %s with the 404 page, never asking the tree for it', async (target) => {
    const { answer, asked } = get(target);
    const refused = await answer;
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe(notFoundPage);
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect(refused.headers.get('cache-control')).toBe(cacheControl.revalidate);
    expectSecurityHeaders(refused);
    expect(asked.filter((path) => path !== '/404')).toEqual([]);
  });

  it.each(['POST', 'PUT', 'DELETE'])(
    'refuses %s on a file with 405, Allow and the security headers',
    async (method) => {
      const { answer, asked } = get('/term', method);
      const refused = await answer;
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, HEAD');
      expectSecurityHeaders(refused);
      expect(asked.filter((path) => path !== '/404')).toEqual([]);
    },
  );
});
