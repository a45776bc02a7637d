/**
 * The bindings of one brand's Worker. The bindings and vars its wrangler config declares, and the
 * Workers runtime types, are generated into worker-configuration.d.ts by `bash
 * deploy/cloudflare/types.sh` (wrangler types, from the config config.ts writes; `npm test` checks
 * the file is up to date). Added here: what the config cannot say.
 */
import type { conversionVariables } from '../core/conversions/conversionChannel';

/**
 * What a queue message carries: a lead's channel to deliver (the row is read from D1 when it is
 * delivered; a message from before the channels names no channel and means the webhook), or a
 * brand's dead-letter alert that waited for its hour.
 */
export type LeadMessage = { id: string; channel?: string } | { alert: true };

export type Env = Omit<Cloudflare.Env, 'LEADS' | 'EMAIL' | 'SHOP_MAIL_TO' | 'OPS_MAIL_TO'> & {
  LEADS: Queue<LeadMessage>;
  /** Cloudflare Email Service; absent for a brand that sends no mail (config.ts). */
  EMAIL?: SendEmail;
  /** Secrets (wrangler secret put; .dev.vars locally): not in the config, and may be unset. */
  EXPORT_SECRET?: string;
  WEBHOOK_URL?: string;
  WEBHOOK_SECRET?: string;
  /** Vars config.ts sets only when the brand's environment gives them: opening hours (H:MM). */
  BUSINESS_START_TIME?: string;
  BUSINESS_END_TIME?: string;
  /** The shop's addresses for its notice, and ops' for the dead-letter alert (comma-separated). */
  SHOP_MAIL_TO?: string;
  OPS_MAIL_TO?: string;
} & ConversionEnv;

/**
 * The ad platforms' conversion channels' variables (server/core/conversions/conversionChannel.ts,
 * docs/deploy.md): the endpoints are vars config.ts sets outside local runs (their production
 * values); the ids, the service account and the tokens are secrets (wrangler secret put;
 * .dev.vars locally). Any unset, that platform's channel is off.
 */
type ConversionEnv = Partial<
  Record<(typeof conversionVariables)[keyof typeof conversionVariables][number], string>
>;

// The runtime types the Worker's modules name, under the names they import.
type D1DatabaseType = D1Database;
type MessageBatchType<Body> = MessageBatch<Body>;
export type { D1DatabaseType as D1Database, MessageBatchType as MessageBatch };
