/**
 * One way a stored lead leaves the system: the shop's webhook, the shop's notice mail, the
 * visitor's receipt, each ad platform's server-side conversion. Each channel has its own delivery
 * state per lead (sent at, attempts, last error, dead-lettered at), so one channel's failure never
 * delays or repeats another's. A channel is a row of data: adding a platform adds an entry to the
 * list of channels, never a column or a branch in the consumer.
 */
import type { StoredLead } from './leadStore';

/**
 * What a channel does with one lead:
 * - `send`: deliver it (and retry on failure);
 * - `off`: the brand has not configured the channel (shown as "off", never as a failure);
 * - `skip`: nothing to send for this lead (suspected spam, no click id of the platform, a
 *   receipt cap reached), with the reason kept for staff.
 */
export type ChannelDecision = { kind: 'send' } | { kind: 'off' } | { kind: 'skip'; reason: string };

export interface DeliveryChannel<Context> {
  /** Stable name: kept in the store, the CSV's column headers and the re-send route. */
  readonly name: string;
  /** Whether this lead goes out on this channel at all. */
  decide(lead: StoredLead, context: Context): ChannelDecision | Promise<ChannelDecision>;
  /** Sends the lead once; throws (with a message for staff) to be retried. */
  send(lead: StoredLead, context: Context): Promise<void>;
  /** Retries stop (the channel is dead-lettered) once the lead is older than this. */
  readonly retryWindowMs?: number;
}
