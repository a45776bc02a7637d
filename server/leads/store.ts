/**
 * The seams between the API (router.ts) and its runtimes: server/node/localLeadStore.ts and
 * localMail.ts implement them over a file, server/worker/d1LeadStore.ts and delivery.ts over D1.
 */
import type { BrandId } from '../../src/brand/brands';
import type { EstimateRequest } from '../../src/estimate/contract/validation/estimateSchema';
import type { MatchingData } from '../../src/tracking/matchingFields';
import type { PlatformReport } from '../delivery/platformReport';
import type { CurrentStage } from '../staff/stages';
import type { StoredRequest } from './storedRequest';

export type NewLead = {
  id: string;
  brand: BrandId;
  idempotencyKey: string;
  contentHash: string;
  /** The body's fingerprint: the same key with another body is a copied tab, never a replay. */
  requestHash: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
  /** The honeypot was filled. */
  suspectedSpam: boolean;
  request: EstimateRequest;
  /** Absent on leads stored before it was kept. */
  matching?: MatchingData;
};

export type KeyedLead = { id: string; contentHash: string; requestHash: string | null };

export type StoredLead = Omit<NewLead, 'request'> & {
  request: StoredRequest;
  /** Only where the store keeps delivery state (D1). */
  deliveries?: readonly ChannelDelivery[];
  /** Where the staff's work stands (leadStages.ts), for the channels a stage sets off. */
  stage?: CurrentStage;
  /** When its personal fields were erased, past the retention period (retention.ts). */
  erasedAt?: string;
};

export interface LeadStore {
  /**
   * Atomically stores the lead unless one of its brand has the same idempotencyKey, or the same
   * contentHash since `duplicateSince`: concurrent inserts store one row. Returns its id anyway.
   * A lead staff enter (a phone call) is stored as it is read back, its request not validated.
   */
  insert(lead: StoredLead, duplicateSince: string): Promise<{ id: string; created: boolean }>;
  /** `requestHash` is null for leads stored before it was kept. */
  findByKey(brand: BrandId, idempotencyKey: string): Promise<KeyedLead | null>;
  findDuplicate(brand: BrandId, contentHash: string, since: string): Promise<string | null>;
  /** Received in [from, to), oldest first. */
  list(brand: BrandId, from: string, to: string): Promise<StoredLead[]>;
  /**
   * Non-spam leads of the brand to the mailbox (receiptRules.ts mailboxKey) received since `since`
   * and stored before the lead `leadId`, in the store's order of insertion (the receipt cap).
   */
  earlierToMailbox(brand: BrandId, mailbox: string, since: string, leadId: string): Promise<number>;
}

export interface RateLimiter {
  hit(key: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

export interface LeadNotifier {
  /** Called once per newly created lead, spam too: each channel decides (deliveryChannel.ts). */
  created(lead: NewLead): Promise<void>;
  /**
   * Called when a request is answered with a stored lead (a replay, a duplicate): queues what a
   * crash between the insert and the queue left unqueued. Nothing where no delivery state is kept.
   */
  replayed(id: string): Promise<void>;
}

/** Re-send's needs (resend.ts): only the Worker keeps delivery state (router.ts). */
export interface Redelivery {
  get(id: string): Promise<StoredLead | null>;
  /**
   * Pairs out of the queue's hands: dead, or pending and never queued or past their retry time
   * before `staleBefore`, of `channels` or of any channel stored; with every channel of a lead
   * whose channels were never decided.
   */
  undelivered(
    brand: BrandId,
    staleBefore: string,
    channels: readonly string[] | undefined,
  ): Promise<{ id: string; channel: string }[]>;
  /**
   * Queues it again unless the queue has it: `resent`; `queued` when it is pending in the queue's
   * hands (before its retry time and the grace); `none` when sent, skipped or off.
   */
  resend(id: string, channel: string, staleBefore: string): Promise<ResendOutcome>;
}

export type ResendOutcome = 'resent' | 'queued' | 'none';

/** Kept per (lead, channel) in D1's lead_deliveries; for `skipped`, lastError holds the reason. */
export type DeliveryState = 'pending' | 'sent' | 'dead' | 'skipped' | 'off';

export type ChannelDelivery = {
  channel: string;
  state: DeliveryState;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
  deadLetteredAt: string | null;
  /** What the platform reported later (Google), and when; absent where none is asked. */
  report?: PlatformReport | null;
  reportedAt?: string | null;
  /** The platform's id for the request, to ask it about it. */
  receipt?: string | null;
  /** When the channel was decided: for a stage's channel, when the stage was recorded. */
  decidedAt?: string | null;
};
