import type { LeadNotifier, NewLead, StoredLead } from '../leads/store';
import type { StageNotifier } from '../staff/stageChange';
import type { ChannelDecision } from './channel';
import { channelNamed, channelsOnReceipt, type DeliveryContext } from './channels';
import { addressList } from './mailChannels';
import { BindingMailer } from './mailer';
import { postalLookupOf } from '../leads/postalArea';
import type { Deliveries, DeliveryEnv, LeadReader, RequeueOptions } from './types';

export function deliveryContext(
  env: DeliveryEnv,
  store: Pick<LeadReader, 'earlierToMailbox'>,
  fetcher: typeof fetch = fetch,
): DeliveryContext {
  const shop = addressList(env.SHOP_MAIL_TO);
  return {
    mailer: new BindingMailer(env.EMAIL),
    shopAddresses: () => shop,
    siteOrigin: () => env.SITE_URL,
    postalArea: postalLookupOf(env.ASSETS),
    store,
    webhook:
      env.WEBHOOK_URL && env.WEBHOOK_SECRET
        ? { url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET }
        : null,
    fetch: fetcher,
    // The bindings themselves: Google's access token is cached per env object, per isolate.
    env,
    now: () => new Date(),
  };
}

// Decides a lead's channels, records them, then queues each channel it wins (decision 008): a
// crash in between leaves rows never queued, which a replay or the outbox sweep queues.
export class QueueNotifier implements LeadNotifier {
  constructor(
    private readonly env: Pick<DeliveryEnv, 'LEADS'>,
    private readonly deliveries: Pick<Deliveries, 'decided' | 'requeued'>,
    private readonly context: DeliveryContext,
    private readonly store: Pick<LeadReader, 'get'>,
  ) {}

  created(lead: NewLead): Promise<void> {
    return this.decideAndQueue(lead);
  }

  async decideAndQueue(lead: StoredLead): Promise<void> {
    const at = this.context.now().toISOString();
    const decisions = await Promise.all(
      channelsOnReceipt.map(
        async (channel) => [channel.name, await channel.decide(lead, this.context)] as const,
      ),
    );
    await this.deliveries.decided(lead.id, decisions, at);
    const toSend = decisions.filter(([, decision]) => decision.kind === 'send');
    await this.queue(
      lead.id,
      toSend.map(([name]) => name),
      { at },
    );
  }

  async replayed(id: string): Promise<void> {
    const lead = await this.store.get(id);
    if (!lead) return;
    if (!lead.deliveries?.length) return this.decideAndQueue(lead);
    const pending = lead.deliveries.filter((delivery) => delivery.state === 'pending');
    await this.queue(
      id,
      pending.map((delivery) => delivery.channel),
      { at: this.context.now().toISOString() },
    );
  }

  /** Queues the channels this call wins; returns them. */
  async queue(id: string, channels: readonly string[], options: RequeueOptions): Promise<string[]> {
    const won = await this.deliveries.requeued(id, channels, options);
    if (won.length > 0) {
      await this.env.LEADS.sendBatch(won.map((channel) => ({ body: { id, channel } })));
    }
    return won;
  }
}

export function queueStageNotifier(
  env: DeliveryEnv,
  store: LeadReader,
  deliveries: Pick<Deliveries, 'redecided' | 'requeued'>,
  context: DeliveryContext,
): StageNotifier {
  return {
    async stageChanged({ id: leadId }, names) {
      const lead = await store.get(leadId);
      if (!lead) return;
      const decisions: (readonly [string, ChannelDecision])[] = [];
      for (const name of names) {
        const channel = channelNamed(name);
        if (channel) decisions.push([name, await channel.decide(lead, context)]);
      }
      const at = context.now().toISOString();
      await deliveries.redecided(leadId, decisions, at);
      // Marked queued first, as the notifier does: the outbox sweep takes what is never sent.
      const toSend = decisions.flatMap(([name, decision]) =>
        decision.kind === 'send' ? [name] : [],
      );
      const won = await deliveries.requeued(leadId, toSend, { at });
      if (won.length > 0) {
        await env.LEADS.sendBatch(won.map((channel) => ({ body: { id: leadId, channel } })));
      }
    },
  };
}
