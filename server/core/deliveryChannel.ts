/** One way a stored lead leaves the system, with its own delivery state per lead (decision 008). */
import type { StoredLead } from './leadStore';

/** `off`: not configured (never shown as failed); `skip`: nothing to send, reason kept for staff. */
export type ChannelDecision = { kind: 'send' } | { kind: 'off' } | { kind: 'skip'; reason: string };

export interface DeliveryChannel<Context> {
  /** Stable: kept in the store, the CSV's headers and the re-send route. */
  readonly name: string;
  decide(lead: StoredLead, context: Context): ChannelDecision | Promise<ChannelDecision>;
  /** Throws, with a message for staff, to be retried. */
  send(lead: StoredLead, context: Context): Promise<void>;
  /** Past this lead age the channel is dead-lettered instead of sent or retried. */
  readonly retryWindowMs?: number;
}
