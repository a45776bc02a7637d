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
  /** The slot the visitor booked online (server/booking/), if any. */
  booking?: StoredBooking;
};

/** held: 仮予約; confirmed: 予約確定; cancelled: the slot is free again. */
export type BookingRecordState = 'held' | 'confirmed' | 'cancelled';

export type StoredBooking = {
  shop: string;
  /** As the slots API lists it: 2026-12-05T10:30:00+09:00. */
  start: string;
  state: BookingRecordState;
  /** The .ics SEQUENCE: grows with every change. */
  sequence: number;
  /** The manage link's; null once the lead is erased. */
  token: string | null;
  changedAt: string;
};

export type KeyedLead = { id: string; contentHash: string; requestHash: string | null };

export type StoredLead = Omit<NewLead, 'request'> & {
  request: StoredRequest;
  /** Only where the store keeps delivery state (D1). */
  deliveries?: readonly ChannelDelivery[];
  /** Where the staff's work stands, for the channels a stage sets off. */
  stage?: CurrentStage;
  /** How many bookings (予約確定) it has had: the calendar file's SEQUENCE. */
  bookingSequence?: number;
  /** When its personal fields were erased: past the retention period, or at the person's request. */
  erasedAt?: string;
  erasedReason?: ErasedReason;
  /** When the person withdrew consent to the ad platforms' provision: nothing is sent after. */
  adConsentWithdrawnAt?: string;
  /** The reminders and 案内 kept on its row (migration 0011); absent where not read. */
  followUps?: FollowUps;
};

export type FollowUps = {
  /** The 入庫日時 each reminder was queued for. */
  reminded3DaysFor: string | null;
  reminded1DayFor: string | null;
  nextExpiry: string | null;
  guideConsentAt: string | null;
  guideToken: string | null;
  unsubscribedAt: string | null;
  guided60At: string | null;
  guided30At: string | null;
};

export type ErasedReason = 'retention' | 'request';

export interface LeadStore {
  // Atomic: concurrent inserts of the same idempotencyKey, or contentHash since `duplicateSince`,
  // store one row; the id comes back either way. A staff-entered lead is stored unvalidated.
  insert(lead: StoredLead, duplicateSince: string): Promise<{ id: string; created: boolean }>;
  /** As insert, and with a booking only while its slot has room: null when it had none. */
  insertHolding(
    lead: StoredLead,
    duplicateSince: string,
    capacity: number | null,
  ): Promise<{ id: string; created: boolean } | null>;
  get(id: string): Promise<StoredLead | null>;
  /** `requestHash` is null for leads stored before it was kept. */
  findByKey(brand: BrandId, idempotencyKey: string): Promise<KeyedLead | null>;
  findDuplicate(brand: BrandId, contentHash: string, since: string): Promise<string | null>;
  /** Received in [from, to), oldest first. */
  list(brand: BrandId, from: string, to: string): Promise<StoredLead[]>;
  /** Non-spam leads to the mailbox since `since`, inserted before `leadId` (the receipt cap). */
  earlierToMailbox(brand: BrandId, mailbox: string, since: string, leadId: string): Promise<number>;
}

export interface RateLimiter {
  hit(key: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

export interface LeadNotifier {
  /** Called once per newly created lead, spam too: each channel decides (deliveryChannel.ts). */
  created(lead: NewLead): Promise<void>;
  /** On a replay or duplicate: queues what a crash between insert and queue left unqueued. */
  replayed(id: string): Promise<void>;
}

/** Only the Worker keeps delivery state, so only it can re-send. */
export interface Redelivery {
  get(id: string): Promise<StoredLead | null>;
  // Pairs out of the queue's hands: dead, or pending and unqueued or past their retry time before
  // `staleBefore`; every channel of a lead whose channels were never decided.
  undelivered(
    brand: BrandId,
    staleBefore: string,
    channels: readonly string[] | undefined,
  ): Promise<{ id: string; channel: string }[]>;
  /** `queued`: pending before its retry time and the grace; `none`: sent, skipped or off. */
  resend(lead: StoredLead, channel: string, staleBefore: string): Promise<ResendOutcome>;
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
  /** The platform's id for the request, to ask it about it later. */
  receipt?: string | null;
  /** When the channel was decided: for a stage's channel, when the stage was recorded. */
  decidedAt?: string | null;
};
