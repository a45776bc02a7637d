// None configured, the routes are not there (the site's 404 page); not signed in, `refuse`'s
// answer; signed in, `c.var.who` for the route.
import type { MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from '../http/context';
import { notFound } from '../site/assets';
import { staffActor } from './auth';

export function staffGate(
  refuse: (c: AppContext) => Response | Promise<Response>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { access, now } = c.var.services;
    if (!access) return notFound(c.env, new URL(c.req.url));
    const who = await staffActor(c.req.raw, access, c.var.brand, now());
    if (!who) return refuse(c);
    c.set('who', who);
    await next();
  };
}

export function actorOf(c: AppContext): string {
  const who = c.get('who');
  if (!who) throw new Error('a staff route without the gate');
  return who.actor;
}

/** One entry in the staff's audit log, by whoever the gate let through. */
export function audit(
  c: AppContext,
  action: Parameters<AppContext['var']['services']['staff']['audit']>[0]['action'],
  target: string,
): Promise<void> {
  const { staff, now } = c.var.services;
  return staff.audit({
    brand: c.var.brand,
    at: now().toISOString(),
    actor: actorOf(c),
    action,
    target,
  });
}
