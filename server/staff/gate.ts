// None configured, the routes are not there (the site's 404 page); not signed in, `refuse`'s
// answer; signed in, `c.var.who` for the route.
import type { MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from '../http/context';
import { notFound } from '../site/assets';
import { staffActor } from './auth';
import { signInFailureKey } from './signInGuard';

export function staffGate(
  refuse: (c: AppContext) => Response | Promise<Response>,
  throttled: (c: AppContext, seconds: number) => Response | Promise<Response>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { access, now, signInGuard } = c.var.services;
    if (!access) return notFound(c.env, new URL(c.req.url));
    // A Bearer try is a guess at STAFF_SECRET: throttled, and a wrong one counted and audited.
    const bearer = access.kind === 'secret' && c.req.header('authorization') !== undefined;
    const wait = bearer ? await signInGuard.blocked(failureKey(c), now().getTime()) : null;
    if (wait !== null) return throttled(c, wait);
    const who = await staffActor(c.req.raw, access, c.var.brand, now(), signInGuard);
    if (!who) {
      if (bearer) await signInFailed(c, 'Bearer');
      return refuse(c);
    }
    c.set('who', who);
    await next();
  };
}

const failureKey = (c: AppContext) => signInFailureKey(c.var.brand, c.var.clientKey);

/** Seconds until the client may try to sign in again, or null. */
export function signInBlocked(c: AppContext): Promise<number | null> {
  return c.var.services.signInGuard.blocked(failureKey(c), c.var.services.now().getTime());
}

/** A wrong secret: counted against the client and audited, with who it claimed to be. */
export async function signInFailed(c: AppContext, claimed: string): Promise<void> {
  const { signInGuard, staff, now } = c.var.services;
  const at = now();
  await signInGuard.failed(failureKey(c), at.getTime());
  await staff.audit({
    brand: c.var.brand,
    at: at.toISOString(),
    actor: `${claimed}（認証失敗）`,
    action: 'signInFailed',
    target: c.var.clientKey,
  });
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
