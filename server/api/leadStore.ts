/**
 * The seams between the estimate API's rules (estimateHandler.ts, one module for Node and
 * Workers) and where it runs: a store of leads, a rate limiter and a notifier. The local origin
 * implements them over a file and memory (localLeadStore.ts); the Cloudflare Worker over D1, the
 * rate-limiting binding (or a D1 counter) and a Queue (deploy/cloudflare/).
 */
import type { BrandId } from '../../src/brand/brands';

/** A lead as the handler hands it to the store: validated, normalised, never trusted again. */
export type NewLead = {
  /** Receipt id shown to the visitor (受付番号). */
  id: string;
  brand: BrandId;
  /** From the Idempotency-Key header, or derived from the content for a native form post. */
  idempotencyKey: string;
  /** Hash of (brand, vehicle, customer, request): the same content within minutes is one lead. */
  contentHash: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
  /** The honeypot was filled: kept and exported with the mark, never sent to the webhook. */
  suspectedSpam: boolean;
  /** The validated request body (schema output), as JSON-ready data. */
  request: unknown;
};

export type StoredLead = NewLead & {
  /** ISO 8601 when the destination accepted it; null while undelivered. */
  deliveredAt: string | null;
};

export interface LeadStore {
  /**
   * Stores the lead unless one with the same (brand, idempotencyKey) exists, atomically (50
   * concurrent inserts with one key store one row). Returns the stored row's id either way.
   */
  insert(lead: NewLead): Promise<{ id: string; created: boolean }>;
  /**
   * The id of the lead of `brand` stored under `idempotencyKey`, or null: a replay is answered
   * with it before anything else (no validation, no rate limit), so a retry the next day still
   * gets its id even if a "not in the past" date would now fail.
   */
  findByKey(brand: BrandId, idempotencyKey: string): Promise<string | null>;
  /** The id of a lead of `brand` with `contentHash` received at or after `since`, or null. */
  findDuplicate(brand: BrandId, contentHash: string, since: string): Promise<string | null>;
  /** Leads of `brand` received in [from, to), oldest first (the staff CSV export). */
  list(brand: BrandId, from: string, to: string): Promise<StoredLead[]>;
}

/**
 * New leads one client address may send: 20 per 10 minutes. Generous on purpose: Japanese
 * carriers put many phones behind one address (carrier-grade NAT), and a shop gets a handful of
 * leads a day, so no real visitor nears it, while a script posting leads in a loop is stopped
 * after 20. Only new leads count: replays, duplicates and refused posts do not.
 */
export const newLeadRateLimit = { limit: 20, windowSeconds: 10 * 60 } as const;

export interface RateLimiter {
  /** Counts one request for `key`; `ok: false` once over the limit, with seconds to wait. */
  hit(key: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

export interface LeadNotifier {
  /** Called once per newly created lead that is not suspected spam (Queue → webhook). */
  created(lead: NewLead): Promise<void>;
}
