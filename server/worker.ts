/**
 * One brand's Worker: the API (server/core/router.ts) over D1 and the Queue, everything else from
 * the brand's static tree (assets.ts), and the queue's consumer (delivery.ts).
 */
import { brandIdForHost, defaultBrandId, isBrandId, type BrandId } from '../src/brand/brands';
import type { EstimateContext } from './estimate/handler';
import { createApi, type Api } from './app';
import { routePath } from './site/paths';
import { notFound, serveAsset, siteHeaders } from './site/assets';
import { sweepOutbox } from './jobs/outboxSweep';
import { staffAccessOf } from './staff/auth';
import { D1LeadStore } from './db/leads';
import { D1Deliveries } from './db/deliveries';
import { newLeadAlert } from './jobs/newLeadAlert';
import { eraseExpiredLeads } from './jobs/retention';
import { D1Staff } from './db/staff';
import {
  consumeLeads,
  deliveryContext,
  QueueNotifier,
  queueRedelivery,
  queueStageNotifier,
} from './delivery/queue';
import type { Env, LeadMessage, MessageBatch } from './env';
import { D1RateLimiter } from './db/rateLimiter';
import { postalLookupOf } from './leads/postalArea';

/** The Cron Triggers' jobs (server/worker/cron/), each `(env, now)`. */
const cronJobs: readonly ((env: Env, now: Date) => Promise<void>)[] = [
  sweepOutbox,
  newLeadAlert,
  eraseExpiredLeads,
];

function brandOf(request: Request, env: Env): BrandId {
  return isBrandId(env.BRAND) ? env.BRAND : brandIdForHost(new URL(request.url).host);
}

/** One API per isolate and bindings: the handler queues concurrent repeats of one key in memory. */
const apis = new WeakMap<Env, Api>();

function apiOf(env: Env): Api {
  let api = apis.get(env);
  if (!api) {
    const store = new D1LeadStore(env.DB);
    const deliveries = new D1Deliveries(env.DB);
    const context = deliveryContext(env, store);
    const notifier = new QueueNotifier(env, deliveries, context, store);
    const access = staffAccessOf({
      teamDomain: env.ACCESS_TEAM_DOMAIN,
      audience: env.ACCESS_AUD,
      secret: env.STAFF_SECRET,
    });
    api = createApi({
      store,
      rateLimiter: new D1RateLimiter(
        env.DB,
        Date.now,
        Number(env.ESTIMATES_RATE_LIMIT) || undefined,
      ),
      notifier,
      staffSecret: env.EXPORT_SECRET,
      redelivery: queueRedelivery(store, deliveries, notifier, context),
      staff: {
        staleAfterHours: Number(env.NEW_LEAD_ALERT_HOURS) || undefined,
        store: new D1Staff(env.DB, store),
        access,
        notifier: queueStageNotifier(env, store, deliveries, context),
      },
      businessHours: () => ({ start: env.BUSINESS_START_TIME, end: env.BUSINESS_END_TIME }),
      postalArea: postalLookupOf(env.ASSETS),
    });
    apis.set(env, api);
  }
  return api;
}

async function withSiteHeaders(answer: Response, env: Env, url: URL): Promise<Response> {
  const headers = new Headers(answer.headers);
  for (const [name, value] of await siteHeaders(env, url)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return new Response(answer.body, {
    status: answer.status,
    statusText: answer.statusText,
    headers,
  });
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const api = apiOf(env);
    const path = routePath(url.pathname);
    const route = api.route(path);
    if (!route) return api.owns(path) ? notFound(env, url) : serveAsset(request, env);
    const ctx: EstimateContext = {
      brand: brandOf(request, env),
      clientKey: request.headers.get('CF-Connecting-IP') ?? 'unknown',
      siteOrigin: url.origin,
    };
    return withSiteHeaders(await route(request, ctx), env, url);
  },

  async queue(batch: MessageBatch<LeadMessage>, env: Env): Promise<void> {
    const store = new D1LeadStore(env.DB);
    const brand = isBrandId(env.BRAND) ? env.BRAND : defaultBrandId;
    await consumeLeads(
      batch,
      env,
      store,
      new D1Deliveries(env.DB),
      deliveryContext(env, store),
      brand,
    );
  },

  /** Every Cron Trigger of deploy/cloudflare/config.ts: each job runs, one's failure aside. */
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    const now = new Date(controller.scheduledTime);
    const results = await Promise.allSettled(cronJobs.map((job) => job(env, now)));
    for (const result of results) {
      if (result.status === 'rejected') console.error('[cron]', result.reason);
    }
    if (results.some((result) => result.status === 'rejected'))
      throw new Error('a cron job failed');
  },
} satisfies ExportedHandler<Env, LeadMessage>;
