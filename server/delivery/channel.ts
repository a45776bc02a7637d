/** One way a stored lead leaves the system, with its own delivery state per lead (decision 008). */
import type { StoredLead } from '../leads/store';

/** `off`: not configured (never shown as failed); `skip`: nothing to send, reason kept for staff. */
export type ChannelDecision = { kind: 'send' } | { kind: 'off' } | { kind: 'skip'; reason: string };

/** Trying again cannot change it: dead-lettered at once with the message, re-sent after a fix. */
export class PermanentRefusal extends Error {}

/** The lead changed after the decision (a booking already 完了): skipped, with this reason. */
export class NothingToSend extends Error {}

/** `receipt`: the platform's id for the request, to ask about it later (`check`). */
export type SendResult = { receipt?: string; test?: boolean } | undefined;

export type CheckResult =
  { report: 'waiting' } | { report: 'accepted' } | { report: 'partial' | 'failed'; reason: string };

export interface DeliveryChannel<Context> {
  /** Stable: kept in the store, the CSV's headers and the re-send route. */
  readonly name: string;
  decide(lead: StoredLead, context: Context): ChannelDecision | Promise<ChannelDecision>;
  /** Throws, with a message for staff, to be retried; a PermanentRefusal is not retried. */
  send(lead: StoredLead, context: Context): Promise<SendResult | void>;
  /** Past this lead age the channel is dead-lettered instead of sent or retried. */
  readonly retryWindowMs?: number;
  /** Where that age is counted from, when not the lead's receipt (a stage's own time). */
  windowStart?(lead: StoredLead): string;
  /** For a platform that reports later what it did with a receipt (Google's requestStatus). */
  readonly followUp?: {
    check(receipt: string, context: Context): Promise<CheckResult>;
    /** The first check's delay, the later ones' base, and how many checks before 不明. */
    schedule(context: Context): { firstSeconds: number; maxChecks: number };
  };
}
