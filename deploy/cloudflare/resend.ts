/**
 * `POST /api/estimates/resend` (staff, behind the export secret): puts undelivered leads on the
 * brand's queue again, e.g. after the webhook was down long enough for their messages to reach
 * the dead-letter queue. `?id=<受付番号>` re-sends one lead; without it, every lead that was
 * dead-lettered or has waited over an hour undelivered (its send to the queue failed). A lead the
 * webhook already took or a suspected spam one is never sent (the consumer checks again).
 */
import type { BrandId } from '../../src/brand/brands';
import type { D1LeadStore } from './d1LeadStore';
import type { LeadMessage, Queue } from './env';

const staleAfterMs = 60 * 60 * 1000;
const encoder = new TextEncoder();

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

/** Whether the request carries `Authorization: Bearer <secret>`, compared in constant time. */
async function authorized(request: Request, secret: string | undefined): Promise<boolean> {
  if (!secret) return false;
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  const [a, b] = await Promise.all(
    [given, secret].map(
      async (text) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))),
    ),
  );
  let difference = 0;
  for (let index = 0; index < a!.length; index += 1) difference |= a![index]! ^ b![index]!;
  return difference === 0;
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
    return json(405, { error: 'POSTで送信してください' }, { Allow: 'POST' });
  }
  if (!(await authorized(request, options.secret))) {
    return json(401, { error: '認証が必要です' }, { 'WWW-Authenticate': 'Bearer' });
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
