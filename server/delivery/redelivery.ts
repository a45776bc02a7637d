/** Re-send's needs (resend.ts), over the deliveries' store and the queue. */
import type { Redelivery, ResendOutcome } from '../leads/store';
import { channelNamed, channelsOnReceipt, deliveryOf, type DeliveryContext } from './channels';
import type { QueueNotifier } from './notifier';
import type { Deliveries, LeadReader } from './types';

// How long past its retry time a pending channel may still be in the queue's hands (a batch's wait,
// a backlog): after it, re-send and the Worker's outbox sweep take it as lost.
export const queueGraceMs = 15 * 60 * 1000;

/** The retry time before which a pending channel is taken as lost (ISO 8601). */
export function lostBefore(now: Date, graceMs = queueGraceMs): string {
  return new Date(now.getTime() - graceMs).toISOString();
}

export function queueRedelivery(
  store: LeadReader,
  deliveries: Deliveries,
  notifier: QueueNotifier,
  context: DeliveryContext,
): Redelivery {
  return {
    get: (id) => store.get(id),
    async undelivered(brand, staleBefore, channels) {
      const { pairs, undecided } = await deliveries.undelivered(brand, staleBefore, {
        channels,
        dead: true,
      });
      const names = channels ?? channelsOnReceipt.map((channel) => channel.name);
      return [...pairs, ...undecided.flatMap((id) => names.map((channel) => ({ id, channel })))];
    },
    async resend(lead, name, staleBefore): Promise<ResendOutcome> {
      const { id } = lead;
      let state = deliveryOf(lead, name)?.state;
      if (!state) {
        // Never decided (the notifier failed): decide now.
        const channel = channelNamed(name);
        if (!channel) return 'none';
        const decision = await channel.decide(lead, context);
        await deliveries.decided(id, [[name, decision]], context.now().toISOString());
        state = decision.kind === 'send' ? 'pending' : 'off';
      }
      const at = context.now().toISOString();
      const won = await notifier.queue(id, [name], { at, staleBefore, dead: true });
      if (won.length > 0) return 'resent';
      return state === 'pending' ? 'queued' : 'none';
    },
  };
}
