/**
 * One brand's static assets behind its Worker (Cloudflare Workers with static assets). The Worker
 * applies the local origin's path rules (server/core/paths.ts, bundled by wrangler) where the asset
 * server alone falls short: `/term/` answers 307 there, `/404` serves the 404 page with 200, a
 * missing hashed file gets `immutable` from `_headers`, and a malformed path is redirected
 * instead of refused. Everything else comes from the asset server with the tree's `_headers`.
 */
import { cacheControl } from '../core/headers';
import { decidePath } from '../core/paths';

import type { Env } from './env';

/** Headers of an asset answer that describe that file, not the site. */
const fileHeaders = ['content-type', 'content-length', 'content-encoding', 'etag', 'cache-control'];

/** The tree's headers for every path (`/*` in `_headers`), read from the asset server. */
export async function siteHeaders(env: Pick<Env, 'ASSETS'>, url: URL): Promise<Headers> {
  const answer = await env.ASSETS.fetch(new Request(new URL('/404', url), { method: 'HEAD' }));
  const headers = new Headers(answer.headers);
  for (const name of fileHeaders) headers.delete(name);
  return headers;
}

async function notFound(env: Pick<Env, 'ASSETS'>, url: URL): Promise<Response> {
  // `/404` is the 404 page itself (404.html, by the asset server's clean URLs).
  const page = await env.ASSETS.fetch(new URL('/404', url));
  const headers = new Headers(page.headers);
  headers.set('Cache-Control', cacheControl.revalidate);
  return new Response(page.body, { status: 404, headers });
}

/** Serves `request` from the tree with the local origin's path rules (server/core/paths.ts). */
export async function serveAsset(request: Request, env: Pick<Env, 'ASSETS'>): Promise<Response> {
  const url = new URL(request.url);
  const decision = decidePath(url.pathname + url.search);
  if (decision.kind === 'notFound') return notFound(env, url);
  if (decision.kind === 'redirect') {
    const headers = await siteHeaders(env, url);
    headers.set('Location', decision.location);
    headers.set('Cache-Control', cacheControl.revalidate);
    return new Response(null, { status: 301, headers });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    // As the local origin answers: the asset server's own 405 names no allowed method.
    const headers = await siteHeaders(env, url);
    headers.set('Allow', 'GET, HEAD');
    return new Response(null, { status: 405, headers });
  }
  const answer = await env.ASSETS.fetch(new Request(new URL(decision.url, url), request));
  return answer.status === 404 ? notFound(env, url) : answer;
}
