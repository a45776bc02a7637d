/** What every route knows of its request, and the Worker's bindings, as Hono's context carries them. */
import type { Context, MiddlewareHandler } from 'hono';
import { brandOf, type Env } from '../env';
import type { Services } from '../services';
import type { StaffActor } from '../staff/auth';
import type { RequestContext } from './request';

export type { RequestContext };

export type AppEnv = {
  Bindings: Env;
  /** `who`: the member of staff signed in, on the staff's routes (staff/gate.ts). */
  Variables: RequestContext & { services: Services; who?: StaffActor };
};
export type AppContext = Context<AppEnv>;
export type Handler = (c: AppContext) => Promise<Response>;

export function requestContext(services: (env: Env) => Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    c.set('brand', brandOf(c.env, url.host));
    c.set('clientKey', c.req.header('cf-connecting-ip') ?? 'unknown');
    c.set('siteOrigin', url.origin);
    c.set('services', services(c.env));
    await next();
  };
}

export function contextOf(c: AppContext): RequestContext {
  return { brand: c.var.brand, clientKey: c.var.clientKey, siteOrigin: c.var.siteOrigin };
}
