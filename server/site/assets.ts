// The site's path rules where the asset server alone falls short: there `/term/` answers 307,
// `/404` serves the 404 page with 200, a missing hashed file gets `immutable`, and a malformed path
// is redirected, not refused.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context';
import type { Env } from '../env';
import { cacheControl } from './headers';
import { decidePath } from './paths';

type Assets = Pick<Env, 'ASSETS'>;

const fileHeaders = ['content-type', 'content-length', 'content-encoding', 'etag', 'cache-control'];

/** The tree's own headers for every page (its `_headers`), read from its 404 page. */
async function treeHeaders(env: Assets, url: URL): Promise<Headers> {
  const answer = await env.ASSETS.fetch(new Request(new URL('/404', url), { method: 'HEAD' }));
  const headers = new Headers(answer.headers);
  for (const name of fileHeaders) headers.delete(name);
  return headers;
}

/** The security headers of the tree on every answer of a route, where it set none of its own. */
export const siteHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const headers = new Headers(c.res.headers);
  for (const [name, value] of await treeHeaders(c.env, new URL(c.req.url))) {
    if (!headers.has(name)) headers.set(name, value);
  }
  c.res = new Response(c.res.body, { status: c.res.status, headers });
};

export async function notFound(env: Assets, url: URL): Promise<Response> {
  // `/404` is the 404 page itself (404.html, by the asset server's clean URLs).
  const page = await env.ASSETS.fetch(new URL('/404', url));
  const headers = new Headers(page.headers);
  headers.set('Cache-Control', cacheControl.revalidate);
  return new Response(page.body, { status: 404, headers });
}

export async function serveAsset(request: Request, env: Assets): Promise<Response> {
  const url = new URL(request.url);
  const decision = decidePath(url.pathname + url.search);
  if (decision.kind === 'notFound') return notFound(env, url);
  if (decision.kind === 'redirect') {
    const headers = await treeHeaders(env, url);
    headers.set('Location', decision.location);
    headers.set('Cache-Control', cacheControl.revalidate);
    return new Response(null, { status: 301, headers });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    // The asset server's own 405 names no allowed method.
    const headers = await treeHeaders(env, url);
    headers.set('Allow', 'GET, HEAD');
    return new Response(null, { status: 405, headers });
  }
  const answer = await env.ASSETS.fetch(new Request(new URL(decision.url, url), request));
  return answer.status === 404 ? notFound(env, url) : answer;
}
