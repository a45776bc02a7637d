/**
 * Added to the bindings `bash deploy/cloudflare/types.sh` generates (worker-configuration.d.ts):
 * what the wrangler config cannot say.
 */
import type { conversionOptions, conversionVariables } from '../core/conversions/conversionChannel';

/** `check`: the how-many-th question to the platform about what it did with the sent lead. */
export type LeadMessage = { id: string; channel?: string; check?: number } | { alert: true };

export type Env = Omit<Cloudflare.Env, 'LEADS' | 'EMAIL' | 'SHOP_MAIL_TO' | 'OPS_MAIL_TO'> & {
  LEADS: Queue<LeadMessage>;
  /** Absent for a brand that sends no mail (deploy/cloudflare/config.ts). */
  EMAIL?: SendEmail;
  /** Secrets (wrangler secret put; .dev.vars locally): not in the config, and may be unset. */
  EXPORT_SECRET?: string;
  WEBHOOK_URL?: string;
  WEBHOOK_SECRET?: string;
  /** Set only when the brand's environment gives them. */
  BUSINESS_START_TIME?: string;
  BUSINESS_END_TIME?: string;
  SHOP_MAIL_TO?: string;
  OPS_MAIL_TO?: string;
  /** The brand's site origin (SITE_URL_<BRAND> at deploy), for links in staff mails. */
  SITE_URL?: string;
} & ConversionEnv;

/** Endpoints are vars deploy/cloudflare/config.ts sets; the rest are secrets (docs/deploy.md). */
export type ConversionEnv = Partial<
  Record<
    | (typeof conversionVariables)[keyof typeof conversionVariables][number]
    | (typeof conversionOptions)[number],
    string
  >
>;

// The runtime types the Worker's modules name, under the names they import.
type D1DatabaseType = D1Database;
type MessageBatchType<Body> = MessageBatch<Body>;
export type { D1DatabaseType as D1Database, MessageBatchType as MessageBatch };
