// The Worker's outbox on a real local D1 (server/delivery/notifier.ts, consumer.ts, db/deliveries.ts,
// jobs/outboxSweep.ts, the receipt cap of mailChannels.ts): each channel decided, recorded and
// queued once; racing leads to one mailbox, a crash between the insert and the queue, a replay, and
// re-send (POST /api/estimates/resend) while the queue holds a channel.
import type { NewLead } from '../../../server/leads/store';
import { receiptChannel } from '../../../server/delivery/mailChannels';
import { QueueNotifier } from '../../../server/delivery/notifier';
import { queueGraceMs } from '../../../server/delivery/redelivery';
import { sweepOutbox } from '../../../server/jobs/outboxSweep';
import type { Env, LeadMessage } from '../../../server/env';
import { adProvisionSince } from '../../../src/content/externalTransmission';
import { leadRequest, newLead } from '../../factories/estimate';
import { stageChange } from '../d1';
import { consume, deliveryOn, rowsOf } from '../delivery/consume';
import { workerOnD1 } from '../worker';

const worker = workerOnD1({
  env: {
    BRAND: 'yamada',
    WEBHOOK_URL: 'https://crm.example/hook',
    WEBHOOK_SECRET: 'shh',
    RETRY_BASE_SECONDS: '30',
    SHOP_MAIL_TO: 'shop@example.jp',
    OPS_MAIL_TO: 'ops@example.jp',
    EXPORT_SECRET: 's',
  },
});

beforeEach(async () => {
  await worker.reset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const since = '2026-11-01T00:00:00.000Z';

function leadAt(email: string, receivedAt: string): NewLead {
  return newLead({ receivedAt, request: leadRequest('yamada', { customer: { email } }) });
}

/** A lead received now on the harness's clock. */
async function stored(email: string): Promise<NewLead> {
  const lead = leadAt(email, worker.clock.now.toISOString());
  await worker.leads.insert(lead, since);
  return lead;
}

/** The notifier the app's services make, over the harness's bindings (`env` over them). */
function notifier(env: Partial<Env> = {}) {
  const delivery = deliveryOn(worker, { env });
  return new QueueNotifier(delivery.env, worker.deliveries, delivery.context, worker.leads);
}

/** The webhook's receiver: the body of each post. */
function webhook(status = 200) {
  const posts: string[] = [];
  const fetcher = (_url: RequestInfo | URL, init?: RequestInit) => {
    posts.push(String(init?.body));
    return Promise.resolve(new Response(null, { status }));
  };
  return { posts, fetcher: fetcher as typeof fetch };
}

/** Runs what is queued now through the consumer, as the queue would hand it over. */
async function consumeQueued(fetcher: typeof fetch) {
  const bodies = worker.queued.splice(0);
  await consume(worker, bodies, { fetcher });
  return bodies;
}

const channelsOf = (bodies: LeadMessage[], id: string) =>
  bodies.flatMap((body) => ('id' in body && body.id === id ? [body.channel] : [])).sort();

const onReceipt = ['receipt', 'shopNotice', 'webhook'];

describe('the notifier', () => {
  it('records every channel decision and queues only the channels to send', async () => {
    const spam = newLead({ suspectedSpam: true });
    await worker.leads.insert(spam, since);
    await notifier().created(spam);
    const rows = await rowsOf(worker, spam.id);
    expect(
      Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, row.state])),
    ).toEqual({
      webhook: 'skipped',
      shopNotice: 'pending',
      receipt: 'skipped',
      // The brand's Worker has no ad platform's variables: each platform's channel is off.
      google: 'off',
      meta: 'off',
      yahoo: 'off',
      yahooSearch: 'off',
      line: 'off',
    });
    expect(rows.receipt?.lastError).toBe('スパム疑い');
    expect(worker.queued).toEqual([{ id: spam.id, channel: 'shopNotice' }]);
  });
});

describe('the receipt cap on D1', () => {
  it.each([1, 2, 3, 4])(
    'gives 6 racing leads to one mailbox 3 receipts, in one millisecond too (trial %i)',
    async () => {
      const { context } = deliveryOn(worker);
      const spellings = ['victim@gmail.com', 'v.ictim@gmail.com', 'victim+2@googlemail.com'];
      const leads = Array.from({ length: 6 }, (_, n) =>
        leadAt(spellings[n % 3]!, '2026-11-24T01:00:00.000Z'),
      );
      const decisions = await Promise.all(
        leads.map(async (lead) => {
          await worker.leads.insert(lead, since);
          return receiptChannel.decide(lead, context);
        }),
      );
      expect(decisions.filter((decision) => decision.kind === 'send')).toHaveLength(3);
      // Taken again later (a replay, the sweep), each decision is the same.
      const again = await Promise.all(leads.map((lead) => receiptChannel.decide(lead, context)));
      expect(again).toEqual(decisions);
    },
  );
});

describe('a crash between the insert and the queue', () => {
  it('ends, after the sweep, with every channel of every lead delivered once, and an alert', async () => {
    const env = { ...worker.env } as Env;
    const at = () => worker.clock.now.toISOString();
    // Stored, then the isolate ended: no delivery row.
    const undecided = await stored('a@example.com');
    // Decided, then the isolate ended before the queue.
    const unqueued = await stored('b@example.com');
    const send = { kind: 'send' } as const;
    await worker.deliveries.decided(
      unqueued.id,
      onReceipt.map((name) => [name, send] as const),
      at(),
    );
    // sendBatch failed.
    const batchFailed = await stored('c@example.com');
    const failing = {
      ...env.LEADS,
      sendBatch: () => Promise.reject(new Error('sendBatch failed')),
    };
    await expect(notifier({ LEADS: failing }).created(batchFailed)).rejects.toThrow();
    // Queued and delivered as usual: the sweep leaves it alone.
    const delivered = await stored('d@example.com');
    await notifier().created(delivered);
    const hook = webhook();
    await consumeQueued(hook.fetcher);
    const before = { posts: hook.posts.length, mails: worker.mails.length };

    // Within the grace the sweep takes nothing: the queue or the request may still have it.
    await sweepOutbox(env, worker.clock.now);
    expect(worker.queued).toEqual([]);

    worker.clock.advance(queueGraceMs + 60_000);
    await sweepOutbox(env, worker.clock.now);
    const swept = await consumeQueued(hook.fetcher);
    for (const lead of [undecided, unqueued, batchFailed]) {
      expect(channelsOf(swept, lead.id), lead.id).toEqual(onReceipt);
    }
    expect(channelsOf(swept, delivered.id)).toEqual([]);
    const posted = hook.posts.slice(before.posts).map((body) => (JSON.parse(body) as NewLead).id);
    expect(posted.sort()).toEqual([undecided.id, unqueued.id, batchFailed.id].sort());
    const mails = worker.mails.slice(before.mails);
    const kinds = (kind: string) => mails.filter((mail) => mail.headers['X-Lead-Mail'] === kind);
    expect(kinds('shop-notice')).toHaveLength(3);
    expect(kinds('receipt')).toHaveLength(3);
    const [alert] = kinds('outbox-alert');
    expect(alert?.to).toEqual(['ops@example.jp']);
    for (const lead of [undecided, unqueued, batchFailed]) expect(alert?.text).toContain(lead.id);
    for (const lead of [undecided, unqueued, batchFailed, delivered]) {
      const rows = Object.values(await rowsOf(worker, lead.id));
      // The ad platforms' channels are off without their variables.
      expect(
        rows.flatMap((row) => (row.state === 'off' ? [] : [row.state])),
        lead.id,
      ).toEqual(['sent', 'sent', 'sent']);
    }

    // Nothing is left: the next sweep queues nothing and alerts nobody.
    worker.clock.advance(queueGraceMs + 60_000);
    const mailCount = worker.mails.length;
    await sweepOutbox(env, worker.clock.now);
    expect(worker.queued).toEqual([]);
    expect(worker.mails).toHaveLength(mailCount);
  });

  it('sweeps a pending channel of any name, past its retry time', async () => {
    const lead = await stored('e@example.com');
    const at = worker.clock.now.toISOString();
    await worker.deliveries.decided(lead.id, [['stageMail', { kind: 'send' }]], at);
    worker.clock.advance(queueGraceMs + 60_000);
    await sweepOutbox(worker.env, worker.clock.now);
    expect(worker.queued).toEqual([{ id: lead.id, channel: 'stageMail' }]);
  });

  it('queues on a replay what was never queued, once', async () => {
    const lead = await stored('f@example.com');
    await notifier().replayed(lead.id);
    await notifier().replayed(lead.id);
    expect(channelsOf(worker.queued, lead.id)).toEqual(onReceipt);
  });
});

describe("a stage change's channels", () => {
  it("are queued once, through the outbox: the sweep leaves them in the queue's hands", async () => {
    const lead = await stored('h@example.com');
    const { env, context } = deliveryOn(worker);
    const stages = new QueueNotifier(env, worker.deliveries, context, worker.leads);
    await stages.stageChanged({ id: lead.id, brand: 'yamada' }, ['shopNotice']);
    await stages.stageChanged({ id: lead.id, brand: 'yamada' }, ['shopNotice']);
    expect(worker.queued).toEqual([
      { id: lead.id, channel: 'shopNotice' },
      { id: lead.id, channel: 'shopNotice' },
    ]);
    await sweepOutbox(env, worker.clock.now);
    expect(worker.queued).toHaveLength(2);
  });

  it('are decided on the lead as it now stands: each platform’s 完了, the ones to send queued', async () => {
    const request = leadRequest('yamada', { tracking: { gaid: 'g1', fbclid: 'IwAR-click' } });
    request.adConsent = true;
    const lead = newLead({
      receivedAt: worker.clock.now.toISOString(),
      request,
      matching: { cookies: {}, userAgent: 'Mozilla/5.0', privacyPolicyVersion: adProvisionSince },
    });
    await worker.leads.insert(lead, since);
    const at = worker.clock.now.toISOString();
    const change = stageChange(lead.id, { stage: 'completed', progress: 3, amount: 54_321, at });
    await worker.staff.recordStage('yamada', change);
    const { env, context } = deliveryOn(worker, {
      env: {
        GOOGLE_DATA_MANAGER_ENDPOINT: 'https://datamanager.example/v1/events:ingest',
        GOOGLE_OAUTH_TOKEN_ENDPOINT: 'https://oauth.example/token',
        GOOGLE_SERVICE_ACCOUNT_EMAIL: 'bench@example.iam.gserviceaccount.com',
        GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: 'key',
        GOOGLE_ADS_CUSTOMER_ID: '1234567890',
        GOOGLE_ADS_CONVERSION_ACTION_ID: '987',
        GOOGLE_ADS_COMPLETED_CONVERSION_ACTION_ID: '555',
        META_CONVERSIONS_ENDPOINT: 'https://graph.example/v25.0',
        META_PIXEL_ID: '42',
        META_ACCESS_TOKEN: 'token',
      },
    });
    const stages = new QueueNotifier(env, worker.deliveries, context, worker.leads);
    const names = ['googleCompleted', 'metaCompleted', 'yahooCompleted'];
    await stages.stageChanged({ id: lead.id, brand: 'yamada' }, names);
    const rows = await rowsOf(worker, lead.id);
    expect(names.map((name) => rows[name]?.state)).toEqual(['pending', 'pending', 'off']);
    expect(worker.queued).toEqual([
      { id: lead.id, channel: 'googleCompleted' },
      { id: lead.id, channel: 'metaCompleted' },
    ]);
  });
});

describe('re-send while the queue holds a channel', () => {
  it('queues nothing twice, says so, and re-sends once the channel is out of its hands', async () => {
    const lead = await stored('g@example.com');
    await notifier().created(lead);
    await consumeQueued(webhook(500).fetcher); // the webhook fails: the queue retries it
    const call = async (query: string) => {
      const answer = await worker.fetch(`/api/estimates/resend${query}`, {
        method: 'POST',
        brand: 'yamada',
        headers: { Authorization: 'Bearer s' },
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as { resent: unknown[]; alreadyQueued: unknown[] };
    };
    for (let n = 0; n < 3; n += 1) {
      expect(await call(`?id=${lead.id}`)).toEqual({
        resent: [],
        alreadyQueued: [{ id: lead.id, channel: 'webhook' }],
      });
      expect(await call('')).toEqual({ resent: [], alreadyQueued: [] });
    }
    expect(worker.queued).toEqual([]);
    // Past its retry time and the grace, the queue has lost it: one re-send takes it.
    worker.clock.advance(queueGraceMs + 31_000);
    expect((await call('')).resent).toEqual([{ id: lead.id, channel: 'webhook' }]);
    expect((await call(`?id=${lead.id}`)).resent).toEqual([]);
    expect(worker.queued).toEqual([{ id: lead.id, channel: 'webhook' }]);
  });
});
