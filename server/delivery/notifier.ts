import { freeSlotsOf } from '../booking/availability';
import { stageConversionNames } from '../platforms/index';
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
  return {
    mailer: new BindingMailer(env.EMAIL),
    shopAddresses: addressList(env.SHOP_MAIL_TO),
    ...(env.SITE_URL && { siteOrigin: env.SITE_URL }),
    postalArea: postalLookupOf(env.ASSETS),
    ...(env.DB && { freeSlots: freeSlotsOf(env.DB) }),
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

// Decides a lead's channels (on receipt, or a stage's), records them, then queues each channel it
// wins (decision 008): a crash in between leaves rows never queued, which a replay or the outbox
// sweep queues.
export class QueueNotifier implements LeadNotifier, StageNotifier {
  constructor(
    private readonly env: Pick<DeliveryEnv, 'LEADS'>,
    private readonly deliveries: Pick<Deliveries, 'decided' | 'redecided' | 'requeued'>,
    private readonly context: DeliveryContext,
    private readonly store: Pick<LeadReader, 'get'>,
  ) {}

  async created(lead: NewLead): Promise<void> {
    await this.decideAndQueue(lead);
    // A slot its shop confirmed at once is a 予約確定 (db/bookings.ts): the platforms hear of it.
    if (lead.booking?.state === 'confirmed') {
      await this.stageChanged(lead, stageConversionNames('booked'));
    }
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

  /** Decided on the lead as it now stands. */
  async stageChanged({ id }: Pick<StoredLead, 'id' | 'brand'>, names: readonly string[]) {
    const lead = await this.store.get(id);
    if (!lead) return;
    const decisions: (readonly [string, ChannelDecision])[] = [];
    for (const name of names) {
      const channel = channelNamed(name);
      if (channel) decisions.push([name, await channel.decide(lead, this.context)]);
    }
    const at = this.context.now().toISOString();
    await this.deliveries.redecided(id, decisions, at);
    const toSend = decisions.flatMap(([name, decision]) =>
      decision.kind === 'send' ? [name] : [],
    );
    await this.queue(id, toSend, { at });
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
