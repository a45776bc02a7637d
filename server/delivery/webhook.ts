import type { DeliveryChannel } from './channel';
import type { StoredLead } from '../leads/store';
import { signatureHeader, signWebhook, timestampHeader } from './webhookSignature';

const webhookTimeoutMs = 15_000;

export type WebhookContext = {
  webhook: { url: string; secret: string } | null;
  fetch: typeof fetch;
};

/** @internal Exported for tests. */
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
