/**
 * The estimate API's rules, written once for every runtime (Fetch API only: a `Request` in, a
 * `Response` out; no node: imports, so it bundles for workerd). The local origin serves it over
 * a file (localLeadStore.ts, through nodeFetch.ts); the Cloudflare Worker over D1 and a Queue.
 */
import type { BrandId } from '../../src/brand/brands';
import type { LeadNotifier, LeadStore, RateLimiter } from './leadStore';

/** What the runtime knows about a request that the request itself does not say reliably. */
export type EstimateContext = {
  /** The host's brand: a request for another brand is refused (422 at `brand`). */
  brand: BrandId;
  /** The client's address (Node: the socket's; the Worker: CF-Connecting-IP), rate-limited. */
  clientKey: string;
  /** The site's own origin (`https://example.com`): a native form post must come from it. */
  siteOrigin: string;
};

export type EstimateHandler = (request: Request, ctx: EstimateContext) => Promise<Response>;

export type EstimateHandlerOptions = {
  store: LeadStore;
  rateLimiter: RateLimiter;
  notifier: LeadNotifier;
  /** The clock; tests move it. */
  now?: () => Date;
  /** New receipt ids (受付番号); tests may fix them. */
  newId?: () => string;
};

/** `POST /api/estimates`: JSON (with Idempotency-Key) or the native form's urlencoded post. */
export function createEstimateHandler(options: EstimateHandlerOptions): EstimateHandler {
  void options;
  return () => Promise.reject(new Error('TODO'));
}

export type ExportHandlerOptions = {
  store: LeadStore;
  /** The bearer secret staff send (`Authorization: Bearer …`); compared in constant time. */
  secret: string;
};

/** `GET /api/estimates.csv?from=YYYY-MM-DD&to=YYYY-MM-DD` (days in Japan, both included). */
export function createExportHandler(options: ExportHandlerOptions): EstimateHandler {
  void options;
  return () => Promise.reject(new Error('TODO'));
}
