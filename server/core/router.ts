/**
 * The API, routed once for both runtimes: the local origin (server/node/origin.ts, through
 * nodeFetch.ts) and the Cloudflare Worker (server/worker/worker.ts) give it only their
 * adapters (store, rate limiter, notifier, re-delivery, the staff secret, the business hours)
 * and, per request, the brand, the client's address and the site's origin. Each adds the site's
 * security headers to what it answers, as it does to its pages.
 *
 * A typed table of exact paths, not a router library: the API has four fixed paths, each
 * handler is already a Fetch-API function `(Request, context) → Response` that its unit tests
 * call directly, and the answers for an unknown path or method are the site's own (its 404 page,
 * each route's 405 with Allow). Hono (which runs on both) would add a dependency for a map
 * lookup and bring its own 404/405 answers to override.
 *
 * A route that is off on a runtime (no staff secret configured; re-send without a delivery
 * queue) is not routed at all: the request falls through to the site, which answers 404 with its
 * 404 page, the same on both runtimes.
 *
 * What a runtime cannot do, declared once:
 * - Re-send (`POST /api/estimates/resend`) exists on the Worker only: the local origin runs each
 *   lead's channels at once, in the request (the mails as .eml files, no webhook: localMail.ts),
 *   and keeps no delivery state, so it has nothing to send again; there the path answers 404
 *   like any route that is off, and the CSV's channel columns are blank.
 * - The webhook and the ad platforms' conversions (server/core/conversions/) are off on the local
 *   origin, whatever its environment: they leave the machine, and without delivery state a
 *   failure could be neither retried within the platform's window nor kept from repeating, so a
 *   developer's machine never reports a lead to a CRM or an ad platform. Their CSV columns are
 *   blank there; the smoke suite runs them on workerd against local receivers.
 * - The business-hours test faults (BUSINESS_TIME_MODE) exist on the local origin only: they
 *   serve e2e, which runs there.
 */
import { businessTimePath } from '../../src/business-hours/businessHoursNames';
import { businessTimeAnswer, type BusinessHours } from './businessTime';
import { createEstimateHandler, type EstimateHandler } from './estimateHandler';
import { createExportHandler } from './leadsExport';
import type { LeadNotifier, LeadStore, RateLimiter, Redelivery } from './leadStore';
import { createResendHandler } from './resend';

export type ApiAdapters = {
  store: LeadStore;
  rateLimiter: RateLimiter;
  notifier: LeadNotifier;
  /** The staff routes' bearer secret (export and re-send); unset or empty, they are off. */
  staffSecret: string | undefined;
  /** Putting leads on the delivery queue again; unset, re-send is off. */
  redelivery?: Redelivery | undefined;
  /** The opening hours, read on each request (the environment may change them). */
  businessHours: () => BusinessHours;
  /** The clock; tests move it. */
  now?: () => Date;
};

/**
 * The paths of the API, each answered by the router on both runtimes.
 * @internal Exported for tests: the parity test of the smoke suite sends to each.
 */
export const apiPaths = {
  estimates: '/api/estimates',
  export: '/api/estimates.csv',
  resend: '/api/estimates/resend',
  businessTime: businessTimePath,
} as const;

export type Api = {
  /** The handler of `path`, or undefined when the path is not the API's or its route is off. */
  route(path: string): EstimateHandler | undefined;
};

export function createApi(adapters: ApiAdapters): Api {
  const { store, staffSecret: secret, redelivery } = adapters;
  const routes = new Map<string, EstimateHandler>([
    [
      apiPaths.estimates,
      createEstimateHandler({
        store,
        rateLimiter: adapters.rateLimiter,
        notifier: adapters.notifier,
        ...(adapters.now && { now: adapters.now }),
      }),
    ],
    [apiPaths.businessTime, (request) => businessTimeAnswer(request, adapters.businessHours())],
  ]);
  if (secret) {
    routes.set(apiPaths.export, createExportHandler({ store, secret }));
    if (redelivery) {
      const resend = createResendHandler({
        redelivery,
        secret,
        ...(adapters.now && { now: adapters.now }),
      });
      routes.set(apiPaths.resend, resend);
    }
  }
  return { route: (path) => routes.get(path) };
}
