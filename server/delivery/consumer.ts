// The queue's consumer (decision 008): each message sends one channel, retried with doubling delays
// until the dead-letter queue's consumer marks it dead and alerts. Past retryWindowMs (a platform
// refuses older events) or refused for good, a channel is dead-lettered at once. A platform that
// reports later is asked by delayed messages of its own (decision 018).
import type { BrandId } from '../../src/brand/brands';
import { alert, maxRetryDelaySeconds, retryDelaySeconds } from './alert';
import { NothingToSend, PermanentRefusal, type CheckResult, type SendResult } from './channel';
import { channelNamed, deliveryOf, type DeliveryContext } from './channels';
import type { StoredLead } from '../leads/store';
import type { Deliveries, DeliveryEnv, LeadBatch, LeadReader } from './types';

const defaultRetryBaseSeconds = 30;

type Round = {
  env: DeliveryEnv;
  store: LeadReader;
  deliveries: Deliveries;
  context: DeliveryContext;
  brand: BrandId;
  deadLetters: boolean;
  retryBase: number;
  alertBrands: Set<BrandId>;
};

type Message = LeadBatch['messages'][number];

/** An alert that waited for its hour to pass. */
async function alertMessage(message: Message, round: Round): Promise<void> {
  const { brand } = round;
  try {
    if (!round.deadLetters) {
      await alert(round.env, brand, round.deliveries, true, round.context.now());
    } else console.error(`[leads] ${brand}: the dead-letter alert could not be sent`);
    message.ack();
  } catch (error) {
    console.error(`[leads] ${brand}: alert`, error);
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts, round.retryBase) });
  }
}

// A final answer is recorded (a failure turns the channel dead, for the alert); none yet asks again
// later, doubling, until `maxChecks` (不明).
async function checkMessage(
  body: { id: string; channel?: string; check: number },
  round: Round,
): Promise<void> {
  const { store, deliveries, context } = round;
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
    if (body.check >= maxChecks) return deliveries.reported(lead.id, name, 'unknown', null, at);
    await round.env.LEADS.send(
      { id: lead.id, channel: name, check: body.check + 1 },
      { delaySeconds: retryDelaySeconds(body.check + 1, firstSeconds) },
    );
    return;
  }
  const reason = 'reason' in result ? result.reason : null;
  await deliveries.reported(lead.id, name, result.report, reason, at);
  if (result.report === 'failed') round.alertBrands.add(lead.brand);
}

async function sendFailed(
  error: unknown,
  lead: StoredLead,
  name: string,
  message: Message,
  round: Round,
): Promise<void> {
  const { deliveries, context } = round;
  const at = context.now().toISOString();
  if (error instanceof NothingToSend) {
    await deliveries.redecided(lead.id, [[name, { kind: 'skip', reason: error.message }]], at);
    return message.ack();
  }
  console.error(`[leads] ${lead.id} ${name}: ${String(error)} (attempt ${message.attempts})`);
  if (error instanceof PermanentRefusal) {
    await deliveries.failed(lead.id, name, error, at);
    await deliveries.deadLettered(lead.id, name, at);
    round.alertBrands.add(lead.brand);
    return message.ack();
  }
  const delaySeconds = retryDelaySeconds(message.attempts, round.retryBase);
  const retryAt = new Date(context.now().getTime() + delaySeconds * 1000).toISOString();
  await deliveries.failed(lead.id, name, error, retryAt);
  message.retry({ delaySeconds });
}

async function channelMessage(
  body: { id: string; channel?: string },
  message: Message,
  round: Round,
): Promise<void> {
  const { store, deliveries, context } = round;
  // A message from before the channels names none: it was the webhook's.
  const name = body.channel ?? 'webhook';
  const channel = channelNamed(name);
  const lead = await store.get(body.id);
  const state = lead && deliveryOf(lead, name)?.state;
  // Gone, already sent (a replayed message), skipped or off.
  if (!lead || (state && state !== 'pending' && state !== 'dead')) return message.ack();
  if (!channel) {
    // A channel this code does not know (a release rolled back): dead, so the sweep leaves it.
    if (state) await deliveries.deadLettered(lead.id, name, context.now().toISOString());
    return message.ack();
  }
  const window = channel.retryWindowMs;
  const started = Date.parse(channel.windowStart?.(lead) ?? lead.receivedAt);
  const pastWindow =
    !round.deadLetters && window !== undefined && context.now().getTime() - started > window;
  if (pastWindow) {
    const at = context.now().toISOString();
    await deliveries.failed(lead.id, name, new Error(`past ${name}'s window for this lead`), at);
  }
  if (round.deadLetters || pastWindow) {
    await deliveries.deadLettered(lead.id, name, context.now().toISOString());
    console.error(`[leads] ${lead.id} ${name}: not delivered; dead-lettered, re-send it later`);
    round.alertBrands.add(lead.brand);
    return message.ack();
  }
  let result: SendResult | void;
  try {
    result = await channel.send(lead, context);
  } catch (error) {
    return sendFailed(error, lead, name, message, round);
  }
  await deliveries.sent(lead.id, name, context.now().toISOString(), result ?? undefined);
  if (result?.receipt && channel.followUp) {
    const { firstSeconds } = channel.followUp.schedule(context);
    await round.env.LEADS.send(
      { id: lead.id, channel: name, check: 1 },
      { delaySeconds: Math.min(firstSeconds, maxRetryDelaySeconds) },
    );
  }
  message.ack();
}

export async function consumeLeads(
  batch: LeadBatch,
  env: DeliveryEnv,
  store: LeadReader,
  deliveries: Deliveries,
  context: DeliveryContext,
  brand: BrandId,
): Promise<void> {
  const configured = Number(env.RETRY_BASE_SECONDS);
  const round: Round = {
    ...{ env, store, deliveries, context, brand },
    deadLetters: batch.queue === env.DEAD_LETTER_QUEUE,
    retryBase:
      Number.isFinite(configured) && configured >= 0 ? configured : defaultRetryBaseSeconds,
    alertBrands: new Set(),
  };
  for (const message of batch.messages) {
    const { body } = message;
    if ('alert' in body) await alertMessage(message, round);
    else if (body.check !== undefined) {
      await checkMessage({ ...body, check: body.check }, round);
      message.ack();
    } else await channelMessage(body, message, round);
  }
  // One alert for the batch, once every dead letter of it is marked: it lists them all.
  for (const alertBrand of round.alertBrands) {
    try {
      await alert(env, alertBrand, deliveries, false, context.now());
    } catch (error) {
      console.error(`[leads] ${alertBrand}: alert`, error);
    }
  }
}
