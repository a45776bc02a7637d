// The Worker's queue consumer (server/delivery/consumer.ts) over the harness's D1 (../worker.ts):
// one batch as the queue hands it over, each message's ack or retry recorded, on the harness's
// clock, with a fetch the test gives for the webhook and the ad platforms.
import { consumeLeads } from '../../../server/delivery/consumer';
import type { DeliveryContext } from '../../../server/delivery/channels';
import { deliveryContext } from '../../../server/delivery/notifier';
import { brandOf, type Env, type LeadMessage } from '../../../server/env';
import type { ChannelDelivery, NewLead } from '../../../server/leads/store';
import { newLead } from '../../factories/estimate';
import type { TestWorker } from '../worker';

export type Delivered = {
  /** The bindings with the test's over the harness's, and the delivery context on its clock. */
  env?: Partial<Env>;
  fetcher?: typeof fetch;
};

/** Answers every request 200 with an empty JSON object. */
const accepting: typeof fetch = () => Promise.resolve(new Response('{}'));

export function deliveryOn(worker: TestWorker, options: Delivered = {}) {
  const env: Env = { ...worker.env, ...options.env };
  const context: DeliveryContext = {
    ...deliveryContext(env, worker.leads, options.fetcher ?? accepting),
    now: () => worker.clock.now,
  };
  return { env, context };
}

/**
 * Runs `bodies` as one batch of `queue` (the leads queue unless the dead-letter queue's name),
 * each handed over the `attempts`-th time. Returns each message's `ack` or `retry <seconds>`, and
 * what the batch put on the queue with a delay (on `worker.queued` too).
 */
export async function consume(
  worker: TestWorker,
  bodies: LeadMessage[],
  options: Delivered & { queue?: string; attempts?: number } = {},
): Promise<{ outcomes: string[]; delayed: { body: LeadMessage; delaySeconds?: number }[] }> {
  const outcomes: string[] = [];
  const delayed: { body: LeadMessage; delaySeconds?: number }[] = [];
  const messages = bodies.map((body) => ({
    body,
    attempts: options.attempts ?? 1,
    ack: () => void outcomes.push('ack'),
    retry: (retry?: { delaySeconds?: number }) =>
      void outcomes.push(`retry ${retry?.delaySeconds}`),
  }));
  const queue = worker.env.LEADS;
  const LEADS = {
    send: (body: LeadMessage, sending?: QueueSendOptions) => {
      delayed.push({ body, delaySeconds: sending?.delaySeconds });
      return queue.send(body, sending);
    },
    sendBatch: (batch: Iterable<MessageSendRequest<LeadMessage>>) => queue.sendBatch(batch),
  } as Env['LEADS'];
  const { env, context } = deliveryOn(worker, { ...options, env: { ...options.env, LEADS } });
  const brand = brandOf(env);
  const batch = { queue: options.queue ?? 'leads', messages };
  await consumeLeads(batch, env, worker.leads, worker.deliveries, context, brand);
  return { outcomes, delayed };
}

/** A lead stored an hour before the harness's clock, unless `overrides` say otherwise. */
export async function storedLead(
  worker: TestWorker,
  overrides: Partial<NewLead> = {},
): Promise<NewLead> {
  const receivedAt = new Date(worker.clock.now.getTime() - 3600_000).toISOString();
  const lead = newLead({ receivedAt, ...overrides });
  await worker.leads.insert(lead, lead.receivedAt);
  return lead;
}

/** The lead's delivery rows by channel, as D1 holds them now. */
export async function rowsOf(
  worker: TestWorker,
  id: string,
): Promise<Record<string, ChannelDelivery>> {
  const lead = await worker.leads.get(id);
  return Object.fromEntries((lead?.deliveries ?? []).map((row) => [row.channel, row]));
}
