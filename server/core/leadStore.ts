/**
 * The seams between the API's rules (router.ts, one module for Node and Workers) and where it
 * runs: a store of leads, a rate limiter and a notifier. The local origin implements them over a
 * file and memory (server/node/localLeadStore.ts, localMail.ts); the Cloudflare Worker over D1 and
 * a Queue (server/worker/d1LeadStore.ts, delivery.ts).
 */
import type { BrandId } from '../../src/brand/brands';
import type { EstimateRequest } from '../../src/estimate/contract/validation/estimateSchema';
import type { MatchingData } from '../../src/tracking/matchingFields';
import type { StoredRequest } from './storedRequest';

/** A lead as the handler hands it to the store: validated, normalised, never trusted again. */
export type NewLead = {
  /** Receipt id shown to the visitor (受付番号). */
  id: string;
  brand: BrandId;
  /** From the Idempotency-Key header, or derived from the content for a native form post. */
  idempotencyKey: string;
  /** Hash of (brand, vehicle, customer, request): the same content within minutes is one lead. */
  contentHash: string;
  /**
   * Fingerprint of the body as sent under idempotencyKey (contentHash.ts requestFingerprint): the
   * same key with another body is another visitor's request (a copied tab), never a replay.
   */
  requestHash: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
  /** The honeypot was filled: kept and exported with the mark, never sent to the webhook. */
  suspectedSpam: boolean;
  request: EstimateRequest;
  /** What the ad platforms' matching needs (server/core/conversions/); absent on older leads. */
  matching?: MatchingData;
};

/** What a known Idempotency-Key tells: its lead and what was sent under it. */
export type KeyedLead = { id: string; contentHash: string; requestHash: string | null };

/** A lead as a store reads it back, its request parsed once (storedRequest.ts). */
export type StoredLead = Omit<NewLead, 'request'> & {
  request: StoredRequest;
  /** Each channel's delivery (leadChannels.ts), where the store keeps them (D1). */
  deliveries?: readonly ChannelDelivery[];
};

export interface LeadStore {
  /**
   * Stores the lead unless one of its brand has the same idempotencyKey, or the same contentHash
   * received at or after `duplicateSince`, atomically: 50 concurrent inserts with one key, or
   * with one content and fresh keys, store one row. Returns the stored row's id either way.
   */
  insert(lead: NewLead, duplicateSince: string): Promise<{ id: string; created: boolean }>;
  /**
   * The lead of `brand` stored under `idempotencyKey`, or null: a replay of the same body is
   * answered with its id before anything else (no validation, no rate limit), so a retry the next
   * day still gets its id even if a "not in the past" date would now fail. `requestHash` is null
   * for leads stored before it was kept.
   */
  findByKey(brand: BrandId, idempotencyKey: string): Promise<KeyedLead | null>;
  /** The id of a lead of `brand` with `contentHash` received at or after `since`, or null. */
  findDuplicate(brand: BrandId, contentHash: string, since: string): Promise<string | null>;
  /** Leads of `brand` received in [from, to), oldest first (the staff CSV export). */
  list(brand: BrandId, from: string, to: string): Promise<StoredLead[]>;
}

/** Applies newLeadRateLimit (rateLimitPolicy.ts) to the keys rateLimitKey gives. */
export interface RateLimiter {
  /** Counts one new lead for `key`; `ok: false` once over the limit, with seconds to wait. */
  hit(key: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

export interface LeadNotifier {
  /** Called once per newly created lead, spam too: each channel decides (deliveryChannel.ts). */
  created(lead: NewLead): Promise<void>;
}

/**
 * What re-send needs (resend.ts): the Worker's D1 store and its delivery queue, per channel
 * (leadChannels.ts). The local origin keeps no delivery state, so it has none and its re-send
 * route is off.
 */
export interface Redelivery {
  /** One lead by id, or null. */
  get(id: string): Promise<StoredLead | null>;
  /**
   * The (lead, channel) pairs of `brand` on `channels` not sent and no longer in the queue's
   * hands: dead-lettered, or waiting since before `staleBefore` (a send to the queue that failed).
   */
  undelivered(
    brand: BrandId,
    staleBefore: string,
    channels: readonly string[],
  ): Promise<{ id: string; channel: string }[]>;
  /**
   * Puts the lead's channel on the delivery queue again, clearing its dead-letter mark; false
   * when it has nothing to send (sent already, skipped or off).
   */
  resend(id: string, channel: string): Promise<boolean>;
}

/**
 * One channel's delivery of one lead, as kept per (lead, channel) in D1 (lead_deliveries):
 * `pending` until sent (or re-sent), `sent`, `dead` once the queue gave up, `skipped` (nothing to
 * send: `lastError` holds the reason) or `off` (the brand has not configured the channel).
 */
export type DeliveryState = 'pending' | 'sent' | 'dead' | 'skipped' | 'off';

export type ChannelDelivery = {
  channel: string;
  state: DeliveryState;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
  deadLetteredAt: string | null;
};
