// What the wrangler config cannot say, added to the bindings deploy/cloudflare/types.sh generates.
import { brandIdForHost, isBrandId, type BrandId } from '../src/brand/brands';
import type { PlatformVariable } from './platforms/index';

/** `check`: the how-many-th question to the platform about what it did with the sent lead. */
export type LeadMessage = { id: string; channel?: string; check?: number } | { alert: true };

export type Env = Omit<
  Cloudflare.Env,
  'LEADS' | 'EMAIL' | 'SHOP_MAIL_TO' | 'OPS_MAIL_TO' | 'SITE_URL'
> & {
  LEADS: Queue<LeadMessage>;
  /** Absent for a brand that sends no mail (deploy/cloudflare/config.ts). */
  EMAIL?: SendEmail;
  /** Secrets (wrangler secret put; .dev.vars locally): not in the config, and may be unset. */
  EXPORT_SECRET?: string;
  /** Opens the staff's pages and API where Cloudflare Access is not configured. */
  STAFF_SECRET?: string;
  /** Cloudflare Access: the team's domain and this brand's application audience (vars). */
  ACCESS_TEAM_DOMAIN?: string;
  ACCESS_AUD?: string;
  /** Business hours a lead may stay 新規 before ops are alerted (default 3). */
  NEW_LEAD_ALERT_HOURS?: string;
  WEBHOOK_URL?: string;
  WEBHOOK_SECRET?: string;
  /** Set only when the brand's environment gives them. */
  BUSINESS_START_TIME?: string;
  BUSINESS_END_TIME?: string;
  SHOP_MAIL_TO?: string;
  OPS_MAIL_TO?: string;
  /** The brand's site origin (SITE_URL_<BRAND> at deploy), for links in staff mails. */
  SITE_URL?: string;
  /** New leads one client may send per 10 minutes, instead of the policy's (the test suites). */
  ESTIMATES_RATE_LIMIT?: string;
  /** Local only (the smoke suite): the outbox sweep's grace in seconds, instead of 15 minutes. */
  OUTBOX_GRACE_SECONDS?: string;
} & ConversionEnv;

/** The Worker's brand, its BRAND var; where that is unset (a test's app), the request's host's. */
export function brandOf(env: Pick<Env, 'BRAND'>, host = ''): BrandId {
  return isBrandId(env.BRAND) ? env.BRAND : brandIdForHost(host);
}

/** Endpoints are vars deploy/cloudflare/config.ts sets; the rest are secrets (docs/deploy.md). */
export type ConversionEnv = Partial<Record<PlatformVariable, string>>;

// The runtime types the Worker's modules name, under the names they import.
type D1DatabaseType = D1Database;
type MessageBatchType<Body> = MessageBatch<Body>;
export type { D1DatabaseType as D1Database, MessageBatchType as MessageBatch };
