/**
 * `POST /api/estimates/resend` (staff, behind the export secret): puts undelivered leads on the
 * brand's queue again, e.g. after the webhook was down long enough for their messages to reach
 * the dead-letter queue. `?id=<受付番号>` re-sends one lead; without it, every lead that was
 * dead-lettered or has waited over an hour undelivered (its send to the queue failed). A lead the
 * webhook already took or a suspected spam one is never sent (the consumer checks again).
 */
import type { BrandId } from '../../src/brand/brands';
import { answers, secretMatches } from '../../server/api/estimateHandler';
import type { D1LeadStore } from './d1LeadStore';
import type { LeadMessage, Queue } from './env';

const staleAfterMs = 60 * 60 * 1000;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

export async function resend(
  request: Request,
  options: {
    brand: BrandId;
    secret: string | undefined;
    store: D1LeadStore;
    queue: Queue<LeadMessage>;
  },
): Promise<Response> {
  if (request.method !== 'POST') {
    return json(405, { error: answers.methodNotAllowed }, { Allow: 'POST' });
  }
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!(await secretMatches(token, options.secret ?? ''))) {
    return json(401, { error: answers.unauthorized }, { 'WWW-Authenticate': 'Bearer' });
  }
  const id = new URL(request.url).searchParams.get('id');
  let ids: string[];
  if (id) {
    const lead = await options.store.get(id);
    if (!lead || lead.brand !== options.brand) return json(404, { error: '見つかりません' });
    ids = lead.deliveredAt || lead.suspectedSpam ? [] : [lead.id];
  } else {
    const staleBefore = new Date(Date.now() - staleAfterMs).toISOString();
    ids = await options.store.undelivered(options.brand, staleBefore);
  }
  for (const lead of ids) {
    await options.store.requeued(lead);
    await options.queue.send({ id: lead });
  }
  return json(200, { resent: ids });
}
