// The Worker's outbox on a real local D1 (server/worker/delivery.ts, d1Deliveries.ts,
// cron/outboxSweep.ts, the receipt cap of mailChannels.ts): racing leads to one mailbox, a crash
// between the insert and the queue, a replay, and re-send while the queue holds a channel.
import type { NewLead } from '../../../../server/leads/store';
import { receiptChannel } from '../../../../server/delivery/mailChannels';
import { createResendHandler, queueGraceMs } from '../../../../server/delivery/resend';
import { sweepOutbox, type SweepEnv } from '../../../../server/jobs/outboxSweep';
import { D1Deliveries } from '../../../../server/db/deliveries';
import { D1LeadStore } from '../../../../server/db/leads';
import {
  consumeLeads,
  deliveryContext,
  QueueNotifier,
  queueRedelivery,
  queueStageNotifier,
} from '../../../../server/delivery/queue';
import type { LeadMessage } from '../../../../server/env';
import { leadRequest, newLead } from '../../../factories/estimate';
import { postalAssets } from '../../../factories/postal';
import { localD1, type LocalD1 } from './d1';

let d1: LocalD1;
let store: D1LeadStore;
let deliveries: D1Deliveries;

beforeAll(async () => {
  d1 = await localD1();
  store = new D1LeadStore(d1.db);
  deliveries = new D1Deliveries(d1.db);
});

beforeEach(async () => {
  await d1.db.batch([
    d1.db.prepare('DELETE FROM leads'),
    d1.db.prepare('DELETE FROM lead_deliveries'),
  ]);
});

afterAll(async () => {
  await d1.dispose();
});

const since = '2026-11-23T00:00:00.000Z';

function leadAt(email: string, receivedAt: string): NewLead {
  return newLead({ receivedAt, request: leadRequest('yamada', { customer: { email } }) });
}

function leadTo(email: string): NewLead {
  return leadAt(email, '2026-11-24T01:00:00.000Z');
}

/** A Worker's bindings with its queue, mail binding and webhook in memory. */
function worker(options: { webhookFails?: boolean; sendBatchFails?: boolean } = {}) {
  const queued: LeadMessage[] = [];
  const mails: { to: string[]; headers: Record<string, string>; text: string }[] = [];
  const posts: string[] = [];
  let clock = Date.now();
  const env: SweepEnv = {
    DB: d1.db,
    BRAND: 'yamada',
    LEADS: {
      send: (body) => Promise.resolve(void queued.push(body)),
      sendBatch: (messages) => {
        if (options.sendBatchFails) return Promise.reject(new Error('sendBatch failed'));
        for (const message of messages) queued.push(message.body);
        return Promise.resolve();
      },
    },
    WEBHOOK_URL: 'https://crm.example/hook',
    WEBHOOK_SECRET: 'shh',
    DEAD_LETTER_QUEUE: 'leads-dlq',
    RETRY_BASE_SECONDS: '30',
    SHOP_MAIL_TO: 'shop@example.jp',
    OPS_MAIL_TO: 'ops@example.jp',
    ASSETS: postalAssets(),
    EMAIL: {
      send: (message) => {
        mails.push(message as (typeof mails)[number]);
        return Promise.resolve({ messageId: 'm' });
      },
    },
  };
  const fetcher = (_url: string | URL | Request, init?: RequestInit) => {
    posts.push(String(init?.body));
    return Promise.resolve(new Response(null, { status: options.webhookFails ? 500 : 200 }));
  };
  const context = {
    ...deliveryContext(env, store, fetcher as typeof fetch),
    now: () => new Date(clock),
  };
  const notifier = new QueueNotifier(env, deliveries, context, store);
  /** Runs the consumer over what is queued now, as the queue would hand it over. */
  async function consume() {
    const bodies = queued.splice(0);
    await consumeLeads(
      {
        queue: 'shaken-leads-yamada',
        messages: bodies.map((body) => ({ body, attempts: 1, ack: () => {}, retry: () => {} })),
      },
      env,
      store,
      deliveries,
      context,
      'yamada',
    );
    return bodies;
  }
  return {
    env,
    context,
    notifier,
    queued,
    mails,
    posts,
    consume,
    advance: (ms: number) => (clock += ms),
    now: () => new Date(clock),
  };
}

describe('the receipt cap on D1', () => {
  it.each([1, 2, 3, 4])(
    'gives 6 racing leads to one mailbox 3 receipts, in one millisecond too (trial %i)',
    async () => {
      const w = worker();
      const spellings = ['victim@gmail.com', 'v.ictim@gmail.com', 'victim+2@googlemail.com'];
      const leads = Array.from({ length: 6 }, (_, n) => leadTo(spellings[n % 3]!));
      const decisions = await Promise.all(
        leads.map(async (lead) => {
          await store.insert(lead, since);
          return receiptChannel.decide(lead, w.context);
        }),
      );
      expect(decisions.filter((decision) => decision.kind === 'send')).toHaveLength(3);
      // Taken again later (a replay, the sweep), each decision is the same.
      const again = await Promise.all(leads.map((lead) => receiptChannel.decide(lead, w.context)));
      expect(again).toEqual(decisions);
    },
  );
});

describe('a crash between the insert and the queue', () => {
  it('ends, after the sweep, with every channel of every lead delivered once, and an alert', async () => {
    const w = worker();
    const leadTo = (email: string) => leadAt(email, w.now().toISOString());
    // Stored, then the isolate ended: no delivery row.
    const undecided = leadTo('a@example.com');
    await store.insert(undecided, since);
    // Decided, then the isolate ended before the queue.
    const unqueued = leadTo('b@example.com');
    await store.insert(unqueued, since);
    await deliveries.decided(
      unqueued.id,
      ['webhook', 'shopNotice', 'receipt'].map((name) => [name, { kind: 'send' }] as const),
      w.now().toISOString(),
    );
    // sendBatch failed.
    const batchFailed = leadTo('c@example.com');
    await store.insert(batchFailed, since);
    await expect(worker({ sendBatchFails: true }).notifier.created(batchFailed)).rejects.toThrow();
    // Queued and delivered as usual: the sweep leaves it alone.
    const delivered = leadTo('d@example.com');
    await store.insert(delivered, since);
    await w.notifier.created(delivered);
    await w.consume();
    const before = { posts: w.posts.length, mails: w.mails.length };

    // Within the grace the sweep takes nothing: the queue or the request may still have it.
    await sweepOutbox(w.env, w.now());
    expect(w.queued).toEqual([]);

    w.advance(queueGraceMs + 60_000);
    await sweepOutbox(w.env, w.now());
    const swept = await w.consume();
    const channelsOf = (id: string) =>
      swept.flatMap((body) => ('id' in body && body.id === id ? [body.channel] : [])).sort();
    for (const lead of [undecided, unqueued, batchFailed]) {
      expect(channelsOf(lead.id), lead.id).toEqual(['receipt', 'shopNotice', 'webhook']);
    }
    expect(channelsOf(delivered.id)).toEqual([]);
    const posted = w.posts
      .slice(before.posts)
      .map((body) => (JSON.parse(body) as { id: string }).id);
    expect(posted.sort()).toEqual([undecided.id, unqueued.id, batchFailed.id].sort());
    const mails = w.mails.slice(before.mails);
    const kinds = (kind: string) => mails.filter((mail) => mail.headers['X-Lead-Mail'] === kind);
    expect(kinds('shop-notice')).toHaveLength(3);
    expect(kinds('receipt')).toHaveLength(3);
    const [alert] = kinds('outbox-alert');
    expect(alert?.to).toEqual(['ops@example.jp']);
    for (const lead of [undecided, unqueued, batchFailed]) expect(alert?.text).toContain(lead.id);
    for (const lead of [undecided, unqueued, batchFailed, delivered]) {
      const states = (await store.get(lead.id))?.deliveries?.map((row) => row.state);
      // The ad platforms' channels are off without their variables.
      expect(
        states?.filter((state) => state !== 'off'),
        lead.id,
      ).toEqual(['sent', 'sent', 'sent']);
    }

    // Nothing is left: the next sweep queues nothing and alerts nobody.
    w.advance(queueGraceMs + 60_000);
    const mailCount = w.mails.length;
    await sweepOutbox(w.env, w.now());
    expect(w.queued).toEqual([]);
    expect(w.mails).toHaveLength(mailCount);
  });

  it('sweeps a pending channel of any name, past its retry time', async () => {
    const w = worker();
    const lead = leadTo('e@example.com');
    await store.insert(lead, since);
    await deliveries.decided(lead.id, [['stageMail', { kind: 'send' }]], w.now().toISOString());
    w.advance(queueGraceMs + 60_000);
    await sweepOutbox(w.env, w.now());
    expect(w.queued).toEqual([{ id: lead.id, channel: 'stageMail' }]);
  });

  it('queues on a replay what was never queued, once', async () => {
    const w = worker();
    const lead = leadTo('f@example.com');
    await store.insert(lead, since);
    await w.notifier.replayed(lead.id);
    await w.notifier.replayed(lead.id);
    expect(w.queued.map((body) => 'id' in body && body.channel).sort()).toEqual([
      'receipt',
      'shopNotice',
      'webhook',
    ]);
  });
});

describe("a stage change's channels", () => {
  it("are queued once, through the outbox: the sweep leaves them in the queue's hands", async () => {
    const w = worker();
    const lead = leadTo('h@example.com');
    await store.insert(lead, since);
    const stages = queueStageNotifier(w.env, store, deliveries, w.context);
    await stages.stageChanged({ id: lead.id, brand: 'yamada' }, ['shopNotice']);
    await stages.stageChanged({ id: lead.id, brand: 'yamada' }, ['shopNotice']);
    expect(w.queued).toEqual([
      { id: lead.id, channel: 'shopNotice' },
      { id: lead.id, channel: 'shopNotice' },
    ]);
    await sweepOutbox(w.env, w.now());
    expect(w.queued).toHaveLength(2);
  });
});

describe('re-send while the queue holds a channel', () => {
  it('queues nothing twice, says so, and re-sends once the channel is out of its hands', async () => {
    const w = worker({ webhookFails: true });
    const lead = leadTo('g@example.com');
    await store.insert(lead, since);
    await w.notifier.created(lead);
    await w.consume(); // the webhook fails: the queue retries it
    const resend = createResendHandler({
      redelivery: queueRedelivery(store, deliveries, w.notifier, w.context),
      secret: 's',
      now: w.now,
    });
    const call = async (query: string) => {
      const answer = await resend(
        new Request(`https://x.test/api/estimates/resend${query}`, {
          method: 'POST',
          headers: { Authorization: 'Bearer s' },
        }),
        { brand: 'yamada', clientKey: '203.0.113.5', siteOrigin: 'https://x.test' },
      );
      return (await answer.json()) as { resent: unknown[]; alreadyQueued: unknown[] };
    };
    for (let n = 0; n < 15; n += 1) {
      expect(await call(`?id=${lead.id}`)).toEqual({
        resent: [],
        alreadyQueued: [{ id: lead.id, channel: 'webhook' }],
      });
      expect(await call('')).toEqual({ resent: [], alreadyQueued: [] });
    }
    expect(w.queued).toEqual([]);
    // Past its retry time and the grace, the queue has lost it: one re-send takes it.
    w.advance(queueGraceMs + 31_000);
    expect((await call('')).resent).toEqual([{ id: lead.id, channel: 'webhook' }]);
    expect((await call(`?id=${lead.id}`)).resent).toEqual([]);
    expect(w.queued).toEqual([{ id: lead.id, channel: 'webhook' }]);
  });
});
