/**
 * The shop's webhook as a delivery channel (deliveryChannel.ts): the lead POSTed as JSON, signed
 * (webhookSignature.ts), to the brand's WEBHOOK_URL; a 2xx is an acceptance, anything else is
 * retried. Off where no URL and secret are configured (the local origin by default); never for a
 * suspected spam lead.
 */
import type { DeliveryChannel } from './deliveryChannel';
import type { StoredLead } from './leadStore';
import { signatureHeader, signWebhook, timestampHeader } from './webhookSignature';

/** A webhook that has not answered by then is treated as failed and retried. */
const webhookTimeoutMs = 15_000;

export type WebhookContext = {
  /** The brand's webhook, or null when it has none. */
  webhook: { url: string; secret: string } | null;
  fetch: typeof fetch;
};

/**
 * The webhook's JSON body: the lead's id, brand and time, then the validated request.
 * @internal Exported for tests.
 */
export function webhookBody(lead: StoredLead): string {
  return JSON.stringify({
    ...lead.request,
    id: lead.id,
    brand: lead.brand,
    receivedAt: lead.receivedAt,
  });
}

export const webhookChannel: DeliveryChannel<WebhookContext> = {
  name: 'webhook',
  decide(lead, context) {
    if (!context.webhook) return { kind: 'off' };
    if (lead.suspectedSpam) return { kind: 'skip', reason: 'スパム疑い' };
    return { kind: 'send' };
  },
  async send(lead, context) {
    if (!context.webhook) throw new Error('WEBHOOK_URL or WEBHOOK_SECRET is not set');
    const { url, secret } = context.webhook;
    const body = webhookBody(lead);
    const timestamp = String(Math.floor(Date.now() / 1000));
    // Called unbound: the Workers runtime refuses a fetch called as another object's method.
    const post = context.fetch;
    let answer: Response;
    try {
      answer = await post(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          [timestampHeader]: timestamp,
          [signatureHeader]: await signWebhook(secret, timestamp, body),
        },
        body,
        // A redirect is not an acceptance: followed, a POST would turn into a GET without the lead.
        redirect: 'manual',
        signal: AbortSignal.timeout(webhookTimeoutMs),
      });
    } catch (error) {
      throw new Error(`the webhook could not be reached: ${String(error)}`);
    }
    // Read the body so the connection is released.
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`the webhook answered ${answer.status}`);
  },
};
