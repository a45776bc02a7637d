/**
 * The API, routed once for both runtimes from a table of exact paths (decision 011), matched on the
 * one normalised path (paths.ts routePath); each runtime gives its adapters and adds the site's
 * security headers. A path of the API no route takes (a route that is off, an unknown one) is
 * answered with the site's 404 page whatever the method, the same on both runtimes. The staff's
 * routes, whose paths carry a 受付番号, are matched after the table: `/api/staff/…` by staffApi.ts
 * and `/staff…` by staffSite.ts, only where an access is configured (staffAuth.ts).
 *
 * What a runtime cannot do, declared once:
 * - re-send exists on the Worker only: the local origin runs each lead's channels at once
 *   (localMail.ts) and keeps no delivery state, so it has nothing to re-send;
 * - the webhook and the conversions are off locally: without delivery state a failure could be
 *   neither retried nor kept from repeating, so a developer's machine never reports a lead;
 * - the business-hours test faults (BUSINESS_TIME_MODE) exist locally only, for e2e;
 * - Cloudflare Access guards the staff routes on the Worker only; locally STAFF_SECRET does.
 */
import { businessTimePath } from '../src/business-hours/businessHoursNames';
import { businessTimeAnswer, type BusinessHours } from './site/businessTime';
import { createEstimateHandler, type EstimateHandler } from './estimate/handler';
import { createExportHandler } from './staff/export';
import type { LeadNotifier, LeadStore, RateLimiter, Redelivery } from './leads/store';
import { createResendHandler } from './delivery/resend';
import { createStaffApi } from './staff/api';
import { createStaffSite, defaultStaleAfterHours } from './staff/site';
import type { StaffAccess } from './staff/auth';
import type { StageNotifier } from './staff/stageChange';
import type { StaffStore } from './staff/store';
import type { PostalLookup } from './leads/postalArea';

export type ApiAdapters = {
  store: LeadStore;
  rateLimiter: RateLimiter;
  notifier: LeadNotifier;
  staffSecret: string | undefined;
  redelivery?: Redelivery | undefined;
  /** The staff's inbox and API: not routed without an access (staffAuth.ts). */
  staff?: {
    store: StaffStore;
    access: StaffAccess | null;
    notifier: StageNotifier;
    /** A lead still 新規 this many hours is 未対応 (the inbox, the Cron alert). */
    staleAfterHours?: number;
  };
  /** Read on each request: the environment may change them. */
  businessHours: () => BusinessHours;
  /** The area of a postal code, for the CSV and the staff's lead page (postalArea.ts). */
  postalArea: PostalLookup;
  now?: () => Date;
};

/** @internal Exported for tests: the smoke suite's parity test sends to each. */
export const apiPaths = {
  estimates: '/api/estimates',
  export: '/api/estimates.csv',
  resend: '/api/estimates/resend',
  businessTime: businessTimePath,
} as const;

export type Api = {
  /** `path`: routePath's. */
  route(path: string): EstimateHandler | undefined;
  /** The API's paths: routed, or the site's 404 page. */
  owns(path: string): boolean;
};

const apiPrefix = '/api/';

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
    routes.set(
      apiPaths.export,
      createExportHandler({
        store,
        secret,
        postalArea: adapters.postalArea,
        ...(adapters.staff && { staff: adapters.staff.store }),
        ...(adapters.now && { now: adapters.now }),
      }),
    );
    if (redelivery) {
      const resend = createResendHandler({
        redelivery,
        secret,
        ...(adapters.now && { now: adapters.now }),
      });
      routes.set(apiPaths.resend, resend);
    }
  }
  const { staff } = adapters;
  const now = adapters.now ?? (() => new Date());
  const staffOptions = staff?.access && { ...staff, access: staff.access, now };
  const staffApi = staffOptions && createStaffApi(staffOptions);
  const staffSite =
    staffOptions &&
    createStaffSite({
      ...staffOptions,
      leads: store,
      businessHours: adapters.businessHours,
      postalArea: adapters.postalArea,
      staleAfterHours: staff.staleAfterHours ?? defaultStaleAfterHours,
    });
  const staffRoute = (path: string) =>
    path.startsWith('/api/staff/') ? staffApi?.(path) : staffSite?.(path);
  return {
    route: (path) => routes.get(path) ?? staffRoute(path),
    owns: (path) => path.startsWith(apiPrefix) || path === apiPaths.businessTime,
  };
}
