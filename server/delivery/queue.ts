/**
 * The Worker's per-channel delivery (decision 008): the notifier queues one message per channel to
 * send; the consumer sends it alone, retrying with doubling delays, until the dead-letter queue's
 * consumer marks it dead and mails the brand's alert. Past its retryWindowMs (an ad platform
 * refuses older events), or refused for good (PermanentRefusal), a channel is dead-lettered at
 * once; server/core/resend.ts revives it. A platform that reports later (Google) is asked by
 * delayed messages of its own (decision 018).
 */
import { brands, type BrandId } from '../../src/brand/brands';
import { mailSender } from '../../src/brand/mail';
import {
  NothingToSend,
  PermanentRefusal,
  type ChannelDecision,
  type CheckResult,
  type SendResult,
} from './channel';
import type { PlatformReport } from './platformReport';
import type {
  ChannelDelivery,
  LeadNotifier,
  LeadStore,
  NewLead,
  Redelivery,
  ResendOutcome,
  StoredLead,
} from '../leads/store';
import { deadLetterAlertMail } from './leadMail';
import { channelNamed, channelsOnReceipt, deliveryOf, type DeliveryContext } from './channels';
import type { StageNotifier } from '../staff/stageChange';
import { addressList } from './mailChannels';
import type { ConversionEnv, Env, LeadMessage, MessageBatch } from '../env';
import { BindingMailer } from './mailer';
import { postalLookupOf, type PostalAssets } from '../leads/postalArea';

export type LeadReader = Pick<LeadStore, 'earlierToMailbox'> & Pick<Redelivery, 'get'>;

/** The bindings delivery uses, of the Worker's Env. */
export type DeliveryEnv = Pick<
  Env,
  | 'DEAD_LETTER_QUEUE'
  | 'RETRY_BASE_SECONDS'
  | 'WEBHOOK_URL'
  | 'WEBHOOK_SECRET'
  | 'SHOP_MAIL_TO'
  | 'OPS_MAIL_TO'
  | 'SITE_URL'
> &
  ConversionEnv & {
    LEADS: {
      send(body: LeadMessage, options?: QueueSendOptions): Promise<unknown>;
      sendBatch(messages: Iterable<MessageSendRequest<LeadMessage>>): Promise<unknown>;
    };
    EMAIL?: Pick<SendEmail, 'send'>;
    ASSETS: PostalAssets;
  };

/** `staleBefore`: a pending channel due before it is lost; `dead`: dead ones are queued too. */
export type RequeueOptions = { at: string; staleBefore?: string; dead?: boolean };

type Undelivered = { pairs: { id: string; channel: string }[]; undecided: string[] };

export interface Deliveries {
  decided(
    leadId: string,
    decisions: readonly (readonly [string, ChannelDecision])[],
    at: string,
  ): Promise<void>;
  sent(leadId: string, channel: string, at: string, result?: SendResult): Promise<void>;
  reported(
    leadId: string,
    channel: string,
    report: PlatformReport,
    reason: string | null,
    at: string,
  ): Promise<void>;
  failed(leadId: string, channel: string, error: unknown, retryAt: string): Promise<void>;
  deadLettered(leadId: string, channel: string, at: string): Promise<void>;
  /** A stage's channel decided again: its earlier state is replaced. */
  redecided: Deliveries['decided'];
  requeued(leadId: string, channels: readonly string[], options: RequeueOptions): Promise<string[]>;
  undelivered(
    brand: BrandId,
    staleBefore: string,
    options: { channels?: readonly string[] | undefined; dead: boolean },
  ): Promise<Undelivered>;
  deadLetters(brand: BrandId): Promise<(ChannelDelivery & { leadId: string })[]>;
  lastAlert(brand: BrandId): Promise<string | null>;
  alerted(brand: BrandId, at: string): Promise<void>;
}

export type LeadBatch = {
  queue: string;
  messages: readonly Pick<
    MessageBatch<LeadMessage>['messages'][number],
    'body' | 'attempts' | 'ack' | 'retry'
  >[];
};

/** 12 hours, the Queues limit. */
const maxRetryDelaySeconds = 43_200;
const defaultRetryBaseSeconds = 30;
const alertIntervalMs = 3600_000;

/** @internal Seconds before the next try after `attempts` failed ones; exported for tests. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), maxRetryDelaySeconds);
}

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

/**
 * Decides a lead's channels, records them, then queues each channel it wins (requeued): a crash
 * in between leaves rows never queued, which a replay of the lead or the outbox sweep queues.
 */
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

/** A stage change's channels (server/core/stageChange.ts), decided again and queued. */
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
    async resend(id, name, staleBefore): Promise<ResendOutcome> {
      const lead = await store.get(id);
      if (!lead) return 'none';
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

/**
 * At most one alert mail an hour per brand: within the hour after one, the alert waits on the
 * queue until the hour is over, then lists what is dead-lettered by then.
 */
async function alert(env: DeliveryEnv, brand: BrandId, deliveries: Deliveries, waited: boolean) {
  const sender = mailSender(brands[brand]);
  const to = addressList(env.OPS_MAIL_TO);
  if (!sender || to.length === 0 || !env.EMAIL) {
    console.error(`[leads] ${brand}: no alert mail (no sender, OPS_MAIL_TO or EMAIL binding)`);
    return;
  }
  const last = await deliveries.lastAlert(brand);
  const wait = last ? Date.parse(last) + alertIntervalMs - Date.now() : 0;
  if (wait > 0) {
    // An alert that already waited finds a newer one sent: that one listed its leads.
    if (!waited) await env.LEADS.send({ alert: true }, { delaySeconds: Math.ceil(wait / 1000) });
    return;
  }
  const deadLetters = await deliveries.deadLetters(brand);
  if (deadLetters.length === 0) return;
  await new BindingMailer(env.EMAIL).send(
    deadLetterAlertMail(
      brand,
      sender,
      to,
      deadLetters.map((entry) => ({
        leadId: entry.leadId,
        channel: channelNamed(entry.channel)?.label ?? entry.channel,
        lastError: entry.lastError,
      })),
    ),
  );
  await deliveries.alerted(brand, new Date().toISOString());
}

type CheckMessage = { id: string; channel?: string; check: number };

/**
 * One question to the platform about a sent lead: a final answer is recorded (a failure turns the
 * channel dead, for the alert); none yet asks again later, doubling, until `maxChecks` (不明).
 * Returns the lead's brand when it needs the alert.
 */
async function checkReport(
  body: CheckMessage,
  env: DeliveryEnv,
  store: LeadReader,
  deliveries: Deliveries,
  context: DeliveryContext,
): Promise<BrandId | undefined> {
  const name = body.channel ?? '';
  const followUp = channelNamed(name)?.followUp;
  const lead = followUp && (await store.get(body.id));
  const delivery = lead ? deliveryOf(lead, name) : undefined;
  if (!followUp || !lead || delivery?.state !== 'sent' || delivery.report !== 'waiting') return;
  if (!delivery.receipt) return;
  let result: CheckResult;
  try {
    result = await followUp.check(delivery.receipt, context);
  } catch (error) {
    console.error(`[leads] ${lead.id} ${name}: status check ${body.check}: ${String(error)}`);
    result = { report: 'waiting' };
  }
  const at = context.now().toISOString();
  if (result.report === 'waiting') {
    const { firstSeconds, maxChecks } = followUp.schedule(context);
    if (body.check >= maxChecks) {
      await deliveries.reported(lead.id, name, 'unknown', null, at);
      return;
    }
    await env.LEADS.send(
      { id: lead.id, channel: name, check: body.check + 1 },
      { delaySeconds: retryDelaySeconds(body.check + 1, firstSeconds) },
    );
    return;
  }
  const reason = 'reason' in result ? result.reason : null;
  await deliveries.reported(lead.id, name, result.report, reason, at);
  return result.report === 'failed' ? lead.brand : undefined;
}

export async function consumeLeads(
  batch: LeadBatch,
  env: DeliveryEnv,
  store: LeadReader,
  deliveries: Deliveries,
  context: DeliveryContext,
  brand: BrandId,
): Promise<void> {
  const deadLetters = batch.queue === env.DEAD_LETTER_QUEUE;
  const configured = Number(env.RETRY_BASE_SECONDS);
  const base =
    Number.isFinite(configured) && configured >= 0 ? configured : defaultRetryBaseSeconds;
  const alertBrands = new Set<BrandId>();
  for (const message of batch.messages) {
    const body = message.body;
    if ('alert' in body) {
      try {
        if (!deadLetters) await alert(env, brand, deliveries, true);
        else console.error(`[leads] ${brand}: the dead-letter alert could not be sent`);
        message.ack();
      } catch (error) {
        console.error(`[leads] ${brand}: alert`, error);
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts, base) });
      }
      continue;
    }
    if (body.check !== undefined) {
      const failedBrand = await checkReport(
        { ...body, check: body.check },
        env,
        store,
        deliveries,
        context,
      );
      if (failedBrand) alertBrands.add(failedBrand);
      message.ack();
      continue;
    }
    // A message from before the channels names none: it was the webhook's.
    const name = body.channel ?? 'webhook';
    const channel = channelNamed(name);
    const lead = await store.get(body.id);
    const state = lead && deliveryOf(lead, name)?.state;
    if (!lead || (state && state !== 'pending' && state !== 'dead')) {
      // Gone, already sent (a replayed message), skipped or off.
      message.ack();
      continue;
    }
    if (!channel) {
      // A channel this code does not know (a release rolled back): dead, so the sweep leaves it.
      if (state) await deliveries.deadLettered(lead.id, name, context.now().toISOString());
      message.ack();
      continue;
    }
    const window = channel.retryWindowMs;
    const pastWindow =
      !deadLetters &&
      window !== undefined &&
      context.now().getTime() - Date.parse(channel.windowStart?.(lead) ?? lead.receivedAt) > window;
    if (pastWindow) {
      const at = context.now().toISOString();
      await deliveries.failed(lead.id, name, new Error(`past ${name}'s window for this lead`), at);
    }
    if (deadLetters || pastWindow) {
      await deliveries.deadLettered(lead.id, name, new Date().toISOString());
      console.error(`[leads] ${lead.id} ${name}: not delivered; dead-lettered, re-send it later`);
      alertBrands.add(lead.brand);
      message.ack();
      continue;
    }
    let result: SendResult | void;
    try {
      result = await channel.send(lead, context);
    } catch (error) {
      if (error instanceof NothingToSend) {
        const skip = { kind: 'skip', reason: error.message } as const;
        await deliveries.redecided(lead.id, [[name, skip]], context.now().toISOString());
        message.ack();
        continue;
      }
      console.error(`[leads] ${lead.id} ${name}: ${String(error)} (attempt ${message.attempts})`);
      if (error instanceof PermanentRefusal) {
        const at = context.now().toISOString();
        await deliveries.failed(lead.id, name, error, at);
        await deliveries.deadLettered(lead.id, name, at);
        alertBrands.add(lead.brand);
        message.ack();
      } else {
        const delaySeconds = retryDelaySeconds(message.attempts, base);
        const retryAt = new Date(context.now().getTime() + delaySeconds * 1000).toISOString();
        await deliveries.failed(lead.id, name, error, retryAt);
        message.retry({ delaySeconds });
      }
      continue;
    }
    await deliveries.sent(lead.id, name, new Date().toISOString(), result ?? undefined);
    if (result?.receipt && channel.followUp) {
      const { firstSeconds } = channel.followUp.schedule(context);
      await env.LEADS.send(
        { id: lead.id, channel: name, check: 1 },
        { delaySeconds: Math.min(firstSeconds, maxRetryDelaySeconds) },
      );
    }
    message.ack();
  }
  // One alert for the batch, once every dead letter of it is marked: it lists them all.
  for (const alertBrand of alertBrands) {
    try {
      await alert(env, alertBrand, deliveries, false);
    } catch (error) {
      console.error(`[leads] ${alertBrand}: alert`, error);
    }
  }
}
