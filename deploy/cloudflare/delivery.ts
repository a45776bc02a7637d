/**
 * Delivery of new leads: the estimate handler's notifier puts each new lead that is not suspected
 * spam on the brand's Queue; this Worker's queue consumer POSTs it, signed, to the brand's webhook
 * (WEBHOOK_URL, WEBHOOK_SECRET) and marks the row delivered on a 2xx. Anything else is retried
 * with exponential backoff (RETRY_BASE_SECONDS, doubling, up to the queue's max_retries), then
 * the queue moves the message to the dead-letter queue, whose consumer (here too) marks the row
 * dead-lettered. The row stays undelivered in D1 until a re-send (server/api/resend.ts) gets it through.
 */
import type { LeadNotifier, NewLead, StoredLead } from '../../server/api/leadStore';
import type { D1LeadStore } from './d1LeadStore';
import type { Env, LeadMessage, MessageBatch, Queue } from './env';
import { signatureHeader, signWebhook, timestampHeader } from './webhookSignature';

/** Longest delay a queue retry may ask for (12 hours, the Queues limit). */
const maxRetryDelaySeconds = 43_200;
const defaultRetryBaseSeconds = 30;
/** A webhook that has not answered by then is treated as failed and retried. */
const webhookTimeoutMs = 15_000;

export class QueueNotifier implements LeadNotifier {
  constructor(private readonly queue: Queue<LeadMessage>) {}

  async created(lead: NewLead): Promise<void> {
    await this.queue.send({ id: lead.id });
  }
}

/** @internal Seconds before the next try after `attempts` failed ones; exported for tests. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), maxRetryDelaySeconds);
}

/** The webhook's JSON body: the lead's id, brand and time, then the validated request. */
export function webhookBody(lead: StoredLead): string {
  const request = lead.request && typeof lead.request === 'object' ? lead.request : {};
  return JSON.stringify({
    ...request,
    id: lead.id,
    brand: lead.brand,
    receivedAt: lead.receivedAt,
  });
}

async function post(env: Env, lead: StoredLead, fetcher: typeof fetch): Promise<string | null> {
  if (!env.WEBHOOK_URL || !env.WEBHOOK_SECRET) return 'WEBHOOK_URL or WEBHOOK_SECRET is not set';
  const body = webhookBody(lead);
  const timestamp = String(Math.floor(Date.now() / 1000));
  try {
    const answer = await fetcher(env.WEBHOOK_URL, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        [timestampHeader]: timestamp,
        [signatureHeader]: await signWebhook(env.WEBHOOK_SECRET, timestamp, body),
      },
      body,
      // A redirect is not an acceptance: followed, a POST would turn into a GET without the lead.
      redirect: 'manual',
      signal: AbortSignal.timeout(webhookTimeoutMs),
    });
    // Read the body so the connection is released.
    await answer.arrayBuffer();
    return answer.ok ? null : `the webhook answered ${answer.status}`;
  } catch (error) {
    return `the webhook could not be reached: ${String(error)}`;
  }
}

/** The consumer of the leads queue and of its dead-letter queue. */
export async function consumeLeads(
  batch: MessageBatch<LeadMessage>,
  env: Env,
  store: D1LeadStore,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  const deadLetters = batch.queue === env.DEAD_LETTER_QUEUE;
  const configured = Number(env.RETRY_BASE_SECONDS);
  const base =
    Number.isFinite(configured) && configured >= 0 ? configured : defaultRetryBaseSeconds;
  for (const message of batch.messages) {
    const lead = await store.get(message.body.id);
    if (!lead || lead.deliveredAt || lead.suspectedSpam) {
      // Gone, already taken by the webhook (a replayed message), or never to be sent.
      message.ack();
      continue;
    }
    if (deadLetters) {
      await store.markDeadLettered(lead.id, new Date().toISOString());
      console.error(`[leads] ${lead.id} was not delivered; dead-lettered, re-send it later`);
      message.ack();
      continue;
    }
    const failure = await post(env, lead, fetcher);
    if (failure === null) {
      await store.markDelivered(lead.id, new Date().toISOString());
      message.ack();
    } else {
      console.error(`[leads] ${lead.id}: ${failure} (attempt ${message.attempts})`);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts, base) });
    }
  }
}
