/**
 * `POST /api/estimates/resend` (staff): `?id=` one lead, `&channel=` one channel; without an id,
 * every channel dead-lettered or out of the queue's hands (never queued, or past its retry time by
 * the grace). What the queue holds is not queued twice, and the answer says so (`alreadyQueued`);
 * a channel sent, skipped or off is never sent again.
 */
import { answers } from '../http/messages';
import type { EstimateHandler } from '../estimate/handler';
import { bearerMatches, json } from '../http/http';
import { channelNamed, channelsOnReceipt, leadChannels } from './channels';
import type { Redelivery } from '../leads/store';

/**
 * How long past its retry time a pending channel may still be in the queue's hands (a batch's wait,
 * a backlog): after it, re-send and the Worker's outbox sweep take it as lost.
 */
export const queueGraceMs = 15 * 60 * 1000;

export function createResendHandler(options: {
  redelivery: Redelivery;
  secret: string;
  now?: () => Date;
}): EstimateHandler {
  const { redelivery, secret } = options;
  const now = options.now ?? (() => new Date());
  return async (request, ctx) => {
    if (request.method !== 'POST') {
      return json(405, { error: answers.methodNotAllowed }, { Allow: 'POST' });
    }
    if (!(await bearerMatches(request, secret))) {
      return json(401, { error: answers.unauthorized }, { 'WWW-Authenticate': 'Bearer' });
    }
    const query = new URL(request.url).searchParams;
    const id = query.get('id');
    const channel = query.get('channel');
    if (channel !== null && !channelNamed(channel)) {
      return json(400, { error: answers.unknownChannel(leadChannels.map((known) => known.name)) });
    }
    const staleBefore = new Date(now().getTime() - queueGraceMs).toISOString();
    let pairs: { id: string; channel: string }[];
    if (id) {
      const lead = await redelivery.get(id);
      if (!lead || lead.brand !== ctx.brand) return json(404, { error: answers.notFound });
      // The lead's stored channels, whatever their names, and those of its receipt not decided yet.
      const names = channel
        ? [channel]
        : [
            ...new Set([
              ...(lead.deliveries ?? []).map((delivery) => delivery.channel),
              ...channelsOnReceipt.map((known) => known.name),
            ]),
          ];
      pairs = names.map((name) => ({ id: lead.id, channel: name }));
    } else {
      pairs = await redelivery.undelivered(ctx.brand, staleBefore, channel ? [channel] : undefined);
    }
    const resent: { id: string; channel: string }[] = [];
    const alreadyQueued: { id: string; channel: string }[] = [];
    for (const pair of pairs) {
      const outcome = await redelivery.resend(pair.id, pair.channel, staleBefore);
      if (outcome === 'resent') resent.push(pair);
      if (outcome === 'queued') alreadyQueued.push(pair);
    }
    return json(200, { resent, alreadyQueued });
  };
}
