// Posts only from the site itself (its `Origin`, else its `Referer`): no CORS preflight guards a
// form post. A request naming neither is refused, except where a tool without a browser may post
// (the staff API: `unsigned: 'allow'`).
import type { MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from './context';

export function isSameSite(
  headers: Headers,
  siteOrigin: string,
  unsigned: 'allow' | 'refuse' = 'refuse',
): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return origin === siteOrigin;
  const referer = headers.get('referer');
  if (!referer) return unsigned === 'allow';
  try {
    return new URL(referer).origin === siteOrigin;
  } catch {
    return false;
  }
}

/** POSTs from elsewhere get `refuse`'s answer, their bodies left unread. */
export function sameSiteOnly(
  refuse: (c: AppContext) => Response | Promise<Response>,
  unsigned: 'allow' | 'refuse' = 'refuse',
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST' || isSameSite(c.req.raw.headers, c.var.siteOrigin, unsigned)) {
      return next();
    }
    await c.req.raw.body?.cancel().catch(() => undefined);
    return refuse(c);
  };
}
