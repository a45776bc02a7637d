// `POST /api/estimates/resend` (staff): `?id=` one lead, `&channel=` one channel; without an id,
// every channel out of the queue's hands. What the queue holds is not queued twice
// (`alreadyQueued`); a channel sent, skipped or off is never sent again.
import { messages } from '../http/messages';
import { json } from '../http/answers';
import type { AppContext } from '../http/context';
import { bearerMatches } from '../http/secrets';
import type { StoredLead } from '../leads/store';
import { channelNamed, channelsOnReceipt, leadChannels } from './channels';
import { lostBefore } from './redelivery';

/** For the bearer of EXPORT_SECRET (app.ts routes it only where the secret is set). */
export async function resend(c: AppContext): Promise<Response> {
  if (!(await bearerMatches(c.req.raw, c.env.EXPORT_SECRET ?? ''))) {
    return json(401, { error: messages.unauthorized }, { 'WWW-Authenticate': 'Bearer' });
  }
  const { redelivery, now } = c.var.services;
  const id = c.req.query('id');
  const channel = c.req.query('channel') ?? null;
  if (channel !== null && !channelNamed(channel)) {
    return json(400, { error: messages.unknownChannel(leadChannels.map((known) => known.name)) });
  }
  const staleBefore = lostBefore(now());
  // Each lead read once, its channels in the order found.
  const byLead = new Map<string, string[]>();
  let known: StoredLead | null = null;
  if (id) {
    known = await redelivery.get(id);
    if (!known || known.brand !== c.var.brand) return json(404, { error: messages.notFound });
    // The lead's stored channels, whatever their names, and those of its receipt not decided yet.
    const names = channel
      ? [channel]
      : [
          ...new Set([
            ...(known.deliveries ?? []).map((delivery) => delivery.channel),
            ...channelsOnReceipt.map((listed) => listed.name),
          ]),
        ];
    byLead.set(known.id, names);
  } else {
    const undelivered = channel ? [channel] : undefined;
    for (const pair of await redelivery.undelivered(c.var.brand, staleBefore, undelivered)) {
      byLead.set(pair.id, [...(byLead.get(pair.id) ?? []), pair.channel]);
    }
  }
  const resent: { id: string; channel: string }[] = [];
  const alreadyQueued: { id: string; channel: string }[] = [];
  for (const [leadId, names] of byLead) {
    const lead = known ?? (await redelivery.get(leadId));
    if (!lead) continue;
    for (const name of names) {
      const outcome = await redelivery.resend(lead, name, staleBefore);
      if (outcome === 'resent') resent.push({ id: leadId, channel: name });
      if (outcome === 'queued') alreadyQueued.push({ id: leadId, channel: name });
    }
  }
  return json(200, { resent, alreadyQueued });
}
