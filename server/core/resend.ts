/**
 * `POST /api/estimates/resend` (staff): `?id=` one lead, `&channel=` one channel; without an id,
 * every channel dead-lettered or unsent for an hour (its send to the queue failed). A channel sent,
 * skipped or off is never sent again.
 */
import { answers } from './answers';
import type { EstimateHandler } from './estimateHandler';
import { bearerMatches, json } from './http';
import { channelNamed, leadChannels } from './leadChannels';
import type { Redelivery } from './leadStore';

const staleAfterMs = 60 * 60 * 1000;

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
    const names = channel ? [channel] : leadChannels.map((known) => known.name);
    let pairs: { id: string; channel: string }[];
    if (id) {
      const lead = await redelivery.get(id);
      if (!lead || lead.brand !== ctx.brand) return json(404, { error: answers.notFound });
      pairs = names.map((name) => ({ id: lead.id, channel: name }));
    } else {
      const staleBefore = new Date(now().getTime() - staleAfterMs).toISOString();
      pairs = await redelivery.undelivered(ctx.brand, staleBefore, names);
    }
    const resent: { id: string; channel: string }[] = [];
    for (const pair of pairs) {
      if (await redelivery.resend(pair.id, pair.channel)) resent.push(pair);
    }
    return json(200, { resent });
  };
}
