// Made once per isolate and bindings: the estimate's keyed queue lives here, so racing repeats of
// one key meet in memory.
import type { Env } from './env';
import { D1Bookings } from './db/bookings';
import { D1Deliveries } from './db/deliveries';
import { D1LeadStore } from './db/leads';
import { D1RateLimiter } from './db/rateLimiter';
import { D1Staff } from './db/staff';
import { D1StaffSignIn } from './db/staffSignIn';
import { signInFailurePolicy, type SignInGuard } from './staff/signInGuard';
import { deliveryContext, QueueNotifier } from './delivery/notifier';
import { queueRedelivery } from './delivery/redelivery';
import { postalLookupOf, type PostalLookup } from './leads/postalArea';
import type { Redelivery } from './leads/store';
import { createAcceptor, type Acceptor } from './estimate/accept';
import { staffAccessOf, type StaffAccess } from './staff/auth';
import type { StageNotifier } from './staff/stageChange';
import { staleAfterHoursOf } from './staff/staleLeads';

export type Services = {
  now: () => Date;
  leads: D1LeadStore;
  bookings: D1Bookings;
  staff: D1Staff;
  acceptor: Acceptor;
  stageNotifier: StageNotifier;
  /** Decides and queues a new lead's channels: a phone lead's at entry, as a web lead's. */
  leadNotifier: Pick<QueueNotifier, 'decideAndQueue'>;
  redelivery: Redelivery;
  /** Null where neither Cloudflare Access nor STAFF_SECRET is configured: no staff routes. */
  access: StaffAccess | null;
  /** Failed sign-ins and Bearer tries per client, and sessions ended by ログアウト. */
  signInGuard: SignInGuard;
  /** A lead still 新規 this many business hours is 未対応 (the inbox, the Cron alert). */
  staleAfterHours: number;
  postalArea: PostalLookup;
};

export type ServiceOptions = { now?: () => Date; newId?: () => string };

export function servicesOf(options: ServiceOptions = {}): (env: Env) => Services {
  const made = new WeakMap<Env, Services>();
  const now = options.now ?? (() => new Date());
  return (env) => {
    let services = made.get(env);
    if (services) return services;
    const leads = new D1LeadStore(env.DB);
    const bookings = new D1Bookings(env.DB);
    const deliveries = new D1Deliveries(env.DB);
    const context = { ...deliveryContext(env, leads), now };
    const notifier = new QueueNotifier(env, deliveries, context, leads);
    services = {
      now,
      leads,
      bookings,
      staff: new D1Staff(env.DB, leads),
      acceptor: createAcceptor({
        store: leads,
        bookings,
        rateLimiter: new D1RateLimiter(
          env.DB,
          () => now().getTime(),
          Number(env.ESTIMATES_RATE_LIMIT) || undefined,
        ),
        notifier,
        now,
        ...(options.newId && { newId: options.newId }),
      }),
      stageNotifier: notifier,
      leadNotifier: notifier,
      redelivery: queueRedelivery(leads, deliveries, notifier, context),
      signInGuard: new D1StaffSignIn(env.DB, signInFailurePolicy),
      access: staffAccessOf({
        teamDomain: env.ACCESS_TEAM_DOMAIN,
        audience: env.ACCESS_AUD,
        secret: env.STAFF_SECRET,
      }),
      staleAfterHours: staleAfterHoursOf(env),
      postalArea: postalLookupOf(env.ASSETS),
    };
    made.set(env, services);
    return services;
  };
}
