// The queue consumer that sends leads to the brand's webhook (deploy/cloudflare/delivery.ts),
// with a store and a webhook in memory; the smoke suite runs it on workerd with real queues.
import { createHmac } from 'node:crypto';
import type { StoredLead } from '../../server/api/leadStore';
import type { D1LeadStore } from '../../deploy/cloudflare/d1LeadStore';
import { consumeLeads, retryDelaySeconds, webhookBody } from '../../deploy/cloudflare/delivery';
import type { Env, LeadMessage, MessageBatch } from '../../deploy/cloudflare/env';
import { storedLead } from '../factories/estimate';

function lead(overrides: Partial<StoredLead> = {}): StoredLead {
  return storedLead({
    id: 'lead-1',
    brand: 'carsupport',
    request: { customer: { lastName: '山田' }, tracking: { gaid: 'g1' } },
    ...overrides,
  });
}

function storeWith(stored: StoredLead) {
  const marks: string[] = [];
  const store = {
    get: (id: string) => Promise.resolve(id === stored.id ? stored : null),
    markDelivered: (id: string) => Promise.resolve(void marks.push(`delivered ${id}`)),
    markDeadLettered: (id: string) => Promise.resolve(void marks.push(`dead ${id}`)),
  } as unknown as D1LeadStore;
  return { store, marks };
}

function batch(queue: string, attempts = 1) {
  const outcomes: string[] = [];
  const messages = [
    {
      id: 'm1',
      body: { id: 'lead-1' },
      attempts,
      ack: () => outcomes.push('ack'),
      retry: (options?: { delaySeconds?: number }) =>
        outcomes.push(`retry ${options?.delaySeconds}`),
    },
  ];
  return { batch: { queue, messages } as unknown as MessageBatch<LeadMessage>, outcomes };
}

const env = {
  WEBHOOK_URL: 'https://crm.example/hook',
  WEBHOOK_SECRET: 'shh',
  DEAD_LETTER_QUEUE: 'leads-dlq',
  RETRY_BASE_SECONDS: '2',
} as Env;

describe('consumeLeads', () => {
  it('posts the lead signed, marks it delivered on 2xx and acknowledges the message', async () => {
    const { store, marks } = storeWith(lead());
    const { batch: leads, outcomes } = batch('leads');
    const sent: Request[] = [];
    const fetcher = (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init));
      return Promise.resolve(new Response('ok', { status: 200 }));
    };
    await consumeLeads(leads, env, store, fetcher as typeof fetch);
    expect(outcomes).toEqual(['ack']);
    expect(marks).toEqual(['delivered lead-1']);
    const request = sent[0]!;
    expect(request.url).toBe(env.WEBHOOK_URL);
    expect(request.redirect).toBe('manual');
    const body = await request.text();
    expect(JSON.parse(body)).toMatchObject({
      id: 'lead-1',
      brand: 'carsupport',
      tracking: { gaid: 'g1' },
    });
    const timestamp = request.headers.get('X-Shaken-Timestamp')!;
    const mac = createHmac('sha256', 'shh').update(`${timestamp}.${body}`).digest('hex');
    expect(request.headers.get('X-Shaken-Signature')).toBe(`sha256=${mac}`);
  });

  it('retries with a doubling delay when the webhook fails, redirects or cannot be reached', async () => {
    for (const fetcher of [
      () => Promise.resolve(new Response('down', { status: 503 })),
      () => Promise.resolve(new Response(null, { status: 302, headers: { Location: '/x' } })),
      () => Promise.reject(new TypeError('fetch failed')),
    ]) {
      const { store, marks } = storeWith(lead());
      const { batch: leads, outcomes } = batch('leads', 3);
      vi.spyOn(console, 'error').mockImplementation(() => {});
      await consumeLeads(leads, env, store, fetcher as typeof fetch);
      expect(outcomes).toEqual(['retry 8']);
      expect(marks).toEqual([]);
    }
    expect([1, 2, 3].map((attempts) => retryDelaySeconds(attempts, 30))).toEqual([30, 60, 120]);
    expect(retryDelaySeconds(40, 30)).toBe(43_200);
  });

  it('never sends a lead already delivered or suspected spam', async () => {
    for (const stored of [
      lead({ deliveredAt: '2026-11-24T01:00:01.000Z' }),
      lead({ suspectedSpam: true }),
    ]) {
      const { store, marks } = storeWith(stored);
      const { batch: leads, outcomes } = batch('leads');
      const fetcher = vi.fn();
      await consumeLeads(leads, env, store, fetcher as unknown as typeof fetch);
      expect(fetcher).not.toHaveBeenCalled();
      expect(outcomes).toEqual(['ack']);
      expect(marks).toEqual([]);
    }
  });

  it('marks a dead-lettered lead in D1 instead of sending it', async () => {
    const { store, marks } = storeWith(lead());
    const { batch: dead, outcomes } = batch('leads-dlq');
    const fetcher = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await consumeLeads(dead, env, store, fetcher as unknown as typeof fetch);
    expect(fetcher).not.toHaveBeenCalled();
    expect(marks).toEqual(['dead lead-1']);
    expect(outcomes).toEqual(['ack']);
  });

  it("puts the lead's id, brand and time over whatever the request says", () => {
    const body = JSON.parse(webhookBody(lead({ request: { id: 'forged', brand: 'x' } })));
    expect(body).toMatchObject({ id: 'lead-1', brand: 'carsupport' });
  });
});
