/**
 * `POST /api/estimates/resend` (staff, behind the export secret): puts undelivered leads on the
 * delivery queue again, e.g. after the webhook was down long enough for their messages to reach
 * the dead-letter queue. `?id=<受付番号>` re-sends one lead; without it, every lead that was
 * dead-lettered or has waited over an hour undelivered (its send to the queue failed). A lead the
 * webhook already took or a suspected spam one is never sent (the consumer checks again).
 */
import { answers } from './answers';
import type { EstimateHandler } from './estimateHandler';
import { bearerMatches, json } from './http';
import type { Redelivery } from './leadStore';

const staleAfterMs = 60 * 60 * 1000;

export function createResendHandler(options: {
  redelivery: Redelivery;
  secret: string;
  now?: () => Date;
}): EstimateHandler {
  const { redelivery, secret } = options;
  const now = options.now ?? (() => new Date());
  return async (request, ctx) => {
    if (request.method !== 'POST') {
      return json(405, { error: answers.methodNotAllowed }, { Allow: 'POST' });
    }
    if (!(await bearerMatches(request, secret))) {
      return json(401, { error: answers.unauthorized }, { 'WWW-Authenticate': 'Bearer' });
    }
    const id = new URL(request.url).searchParams.get('id');
    let ids: string[];
    if (id) {
      const lead = await redelivery.get(id);
      if (!lead || lead.brand !== ctx.brand) return json(404, { error: answers.notFound });
      ids = lead.deliveredAt || lead.suspectedSpam ? [] : [lead.id];
    } else {
      const staleBefore = new Date(now().getTime() - staleAfterMs).toISOString();
      ids = await redelivery.undelivered(ctx.brand, staleBefore);
    }
    for (const lead of ids) await redelivery.resend(lead);
    return json(200, { resent: ids });
  };
}
