// The outbox sweep (Cron): what a failed sendBatch or an isolate ending between insert and queue
// left behind is queued, and ops are told: undecided leads are decided, and a pending channel never
// queued or past its retry time by the grace is queued again, whatever the channel's name.
import { outboxAlertMail } from '../delivery/leadMail';
import { channelNamed } from '../delivery/channels';
import { lostBefore, queueGraceMs } from '../delivery/redelivery';
import { D1Deliveries } from '../db/deliveries';
import { D1LeadStore } from '../db/leads';
import { deliveryContext, QueueNotifier } from '../delivery/notifier';
import type { DeliveryEnv } from '../delivery/types';
import { brandOf, type Env } from '../env';
import { opsMail } from '../delivery/mailer';

type SweepEnv = DeliveryEnv & Pick<Env, 'DB' | 'BRAND' | 'OUTBOX_GRACE_SECONDS'>;

export async function sweepOutbox(env: SweepEnv, now: Date): Promise<void> {
  const brand = brandOf(env);
  const store = new D1LeadStore(env.DB);
  const deliveries = new D1Deliveries(env.DB);
  const context = { ...deliveryContext(env, store), now: () => now };
  const notifier = new QueueNotifier(env, deliveries, context, store);
  const at = now.toISOString();
  const grace = Number(env.OUTBOX_GRACE_SECONDS || NaN);
  const graceMs = Number.isFinite(grace) && grace >= 0 ? grace * 1000 : queueGraceMs;
  const staleBefore = lostBefore(now, graceMs);
  const { pairs, undecided } = await deliveries.undelivered(brand, staleBefore, { dead: false });
  const found: { leadId: string; channel: string }[] = [];
  for (const id of undecided) {
    const lead = await store.get(id);
    if (!lead) continue;
    await notifier.decideAndQueue(lead);
    found.push({ leadId: id, channel: 'すべての配信（配信先が未決定でした）' });
  }
  const byLead = new Map<string, string[]>();
  for (const pair of pairs) byLead.set(pair.id, [...(byLead.get(pair.id) ?? []), pair.channel]);
  for (const [id, names] of byLead) {
    const won = await notifier.queue(id, names, { at, staleBefore });
    found.push(...won.map((name) => ({ leadId: id, channel: channelNamed(name)?.label ?? name })));
  }
  if (found.length === 0) return;
  console.error(`[leads] ${brand}: the outbox sweep queued ${found.length} stranded deliveries`);
  const ops = opsMail(env, brand);
  if (!ops) return;
  await ops.mailer.send(outboxAlertMail(brand, ops.sender, ops.to, found));
}
