// The queue's consumer (server/delivery/consumer.ts) deciding over a real local D1: each channel
// sent alone, retried with doubling delays, dead-lettered (past its window, refused for good, or
// given up by the queue) with one alert an hour, or skipped when nothing is left to send. What each
// channel sends is tested in channelSends.test.ts; Google's later reports in followUps.d1.test.ts.
import { retryDelaySeconds } from '../../../server/delivery/alert';
import { QueueNotifier } from '../../../server/delivery/notifier';
import type { LeadMessage } from '../../../server/env';
import type { NewLead } from '../../../server/leads/store';
import { metaFixtures } from '../../../e2e/smoke/platformFixtures';
import { leadRequest } from '../../factories/estimate';
import { stageChange } from '../d1';
import { workerOnD1 } from '../worker';
import { consume, deliveryOn, rowsOf, storedLead } from './consume';

const dlq = 'leads-dlq';
const worker = workerOnD1({
  env: {
    BRAND: 'yamada',
    DEAD_LETTER_QUEUE: dlq,
    WEBHOOK_URL: 'https://crm.example/hook',
    WEBHOOK_SECRET: 'shh',
    SHOP_MAIL_TO: 'shop@example.jp',
    OPS_MAIL_TO: 'ops@example.jp',
    RETRY_BASE_SECONDS: '2',
  },
});

beforeEach(async () => {
  await worker.reset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** A lead stored and its channels decided and queued by the notifier; returns their messages. */
async function notified(overrides: Partial<NewLead> = {}) {
  const lead = await storedLead(worker, overrides);
  const { env, context } = deliveryOn(worker);
  await new QueueNotifier(env, worker.deliveries, context, worker.leads).created(lead);
  return { lead, messages: worker.queued.splice(0) };
}

/** A fetch that records each URL it is asked and answers `status`. */
function answering(status: number, body = '{}') {
  const asked: string[] = [];
  const fetcher = (input: RequestInfo | URL) => {
    asked.push(String(input));
    return Promise.resolve(new Response(body, { status }));
  };
  return { asked, fetcher: fetcher as typeof fetch };
}

/** Each message's ack or retry, for one batch (consume.ts). */
const run = async (bodies: LeadMessage[], options: Parameters<typeof consume>[2] = {}) =>
  (await consume(worker, bodies, options)).outcomes;

const kinds = () => worker.mails.map((mail) => mail.headers['X-Lead-Mail']);

const metaVars = {
  META_CONVERSIONS_ENDPOINT: 'https://graph.example/v25.0',
  META_PIXEL_ID: '42',
  META_ACCESS_TOKEN: 'token',
};
const fromMetaAd = { request: leadRequest('yamada', { tracking: { fbclid: 'IwAR-click' } }) };
const daysAgo = (days: number) =>
  new Date(worker.clock.now.getTime() - days * 24 * 3600_000).toISOString();

describe('each channel on its own', () => {
  it('retries a failing webhook alone, doubling its delay, and sends its lead’s mails once', async () => {
    const { lead, messages } = await notified();
    expect(messages.map((body) => 'id' in body && body.channel)).toEqual([
      'webhook',
      'shopNotice',
      'receipt',
    ]);
    const down = answering(503, 'down');
    expect(await run(messages, { fetcher: down.fetcher })).toEqual(['retry 2', 'ack', 'ack']);
    const webhook = messages.slice(0, 1);
    expect(await run(webhook, { fetcher: down.fetcher, attempts: 2 })).toEqual(['retry 4']);
    expect(await run(webhook, { fetcher: down.fetcher, attempts: 3 })).toEqual(['retry 8']);
    expect((await rowsOf(worker, lead.id)).webhook).toMatchObject({
      state: 'pending',
      attempts: 3,
      lastError: 'the webhook answered 503',
    });
    const up = answering(200);
    expect(await run(webhook, { fetcher: up.fetcher, attempts: 4 })).toEqual(['ack']);
    // The queue delivers at least once: the whole batch again sends nothing twice.
    expect(await run(messages, { fetcher: up.fetcher })).toEqual(['ack', 'ack', 'ack']);
    expect(up.asked).toEqual(['https://crm.example/hook']);
    expect(kinds()).toEqual(['shop-notice', 'receipt']);
    const rows = await rowsOf(worker, lead.id);
    for (const channel of ['webhook', 'shopNotice', 'receipt']) {
      expect(rows[channel], channel).toMatchObject({ state: 'sent', sentAt: expect.any(String) });
    }
    // Doubling stops at the 12 hours the queue allows.
    expect(retryDelaySeconds(40, 30)).toBe(43_200);
  });

  it('retries a failed mail alone, never re-posting the webhook', async () => {
    const { lead, messages } = await notified();
    const hook = answering(200);
    const rateLimited = { send: () => Promise.reject(new Error('E_RATE_LIMIT_EXCEEDED')) };
    const outcomes = await run(messages, {
      fetcher: hook.fetcher,
      env: { EMAIL: rateLimited as never },
    });
    expect(outcomes).toEqual(['ack', 'retry 2', 'retry 2']);
    expect((await rowsOf(worker, lead.id)).receipt).toMatchObject({
      state: 'pending',
      lastError: 'E_RATE_LIMIT_EXCEEDED',
    });
    expect(await run(messages.slice(1), { fetcher: hook.fetcher })).toEqual(['ack', 'ack']);
    expect(hook.asked).toHaveLength(1);
    expect(kinds()).toEqual(['shop-notice', 'receipt']);
  });

  it('never sends a channel decided skipped or off, and leaves its row as decided', async () => {
    // Spam: no webhook and no receipt; no ad platform is configured.
    const { lead } = await notified({ suspectedSpam: true });
    const decided = await rowsOf(worker, lead.id);
    const channels = ['webhook', 'receipt', 'google', 'meta'];
    const hook = answering(200);
    const bodies = channels.map((channel) => ({ id: lead.id, channel }));
    expect(await run(bodies, { fetcher: hook.fetcher })).toEqual(channels.map(() => 'ack'));
    expect(hook.asked).toEqual([]);
    expect(worker.mails).toEqual([]);
    expect(await rowsOf(worker, lead.id)).toEqual(decided);
  });

  it('reads a message from before the channels as the webhook’s', async () => {
    const lead = await storedLead(worker);
    const hook = answering(200);
    expect(await run([{ id: lead.id }], { fetcher: hook.fetcher })).toEqual(['ack']);
    expect(hook.asked).toEqual(['https://crm.example/hook']);
    expect((await rowsOf(worker, lead.id)).webhook?.state).toBe('sent');
  });

  it('dead-letters a channel this release does not know, so the sweep leaves it', async () => {
    const lead = await storedLead(worker);
    const at = worker.clock.now.toISOString();
    await worker.deliveries.decided(lead.id, [['stageMail', { kind: 'send' }]], at);
    expect(await run([{ id: lead.id, channel: 'stageMail' }])).toEqual(['ack']);
    expect((await rowsOf(worker, lead.id)).stageMail?.state).toBe('dead');
  });
});

describe('an ad platform’s answer', () => {
  const metaMessage = (id: string): LeadMessage[] => [{ id, channel: 'meta' }];

  it('retries 429 and 5xx with backoff', async () => {
    const lead = await storedLead(worker, fromMetaAd);
    for (const status of [429, 500, 503]) {
      const busy = answering(status);
      const outcomes = await run(metaMessage(lead.id), {
        fetcher: busy.fetcher,
        env: metaVars,
        attempts: 3,
      });
      expect(outcomes, String(status)).toEqual(['retry 8']);
      expect((await rowsOf(worker, lead.id)).meta).toMatchObject({
        state: 'pending',
        lastError: `Meta answered ${status}: {}`,
      });
    }
    expect(worker.mails).toEqual([]);
  });

  it('tries a permanent refusal once: dead at once with the platform’s message, and ops alerted', async () => {
    const lead = await storedLead(worker, fromMetaAd);
    const refusing = answering(400, JSON.stringify(metaFixtures.invalidToken));
    const outcomes = await run(metaMessage(lead.id), {
      fetcher: refusing.fetcher,
      env: metaVars,
    });
    expect(outcomes).toEqual(['ack']);
    expect(refusing.asked).toHaveLength(1);
    const message = `Meta answered 400: ${metaFixtures.invalidToken.error.message}`;
    expect((await rowsOf(worker, lead.id)).meta).toMatchObject({
      state: 'dead',
      lastError: message,
      deadLetteredAt: worker.clock.now.toISOString(),
    });
    const [alert] = worker.mails;
    expect(kinds()).toEqual(['dead-letter-alert']);
    expect(alert?.to).toEqual(['ops@example.jp']);
    expect(alert?.text).toContain(`受付番号 ${lead.id}  Meta 広告  最後のエラー: ${message}`);
  });

  it('is never asked for once the lead is past the platform’s window; the webhook has none', async () => {
    const lead = await storedLead(worker, { receivedAt: daysAgo(7), ...fromMetaAd });
    const asked = answering(200);
    const bodies = [...metaMessage(lead.id), { id: lead.id, channel: 'webhook' }];
    expect(await run(bodies, { fetcher: asked.fetcher, env: metaVars })).toEqual(['ack', 'ack']);
    expect(asked.asked).toEqual(['https://crm.example/hook']);
    const rows = await rowsOf(worker, lead.id);
    expect(rows.meta).toMatchObject({
      state: 'dead',
      lastError: "past meta's window for this lead",
    });
    expect(rows.webhook?.state).toBe('sent');
  });
});

describe('a stage’s channel', () => {
  /** A lead of a month ago, 完了 for 54,321円 an hour ago, from a Meta ad, who agreed. */
  async function completed() {
    const request = leadRequest('yamada', { tracking: { fbclid: 'IwAR-click' } });
    request.adConsent = true;
    const lead = await storedLead(worker, { receivedAt: daysAgo(30), request });
    const at = new Date(worker.clock.now.getTime() - 3600_000).toISOString();
    const change = stageChange(lead.id, { stage: 'completed', progress: 3, amount: 54_321, at });
    await worker.staff.recordStage('yamada', change);
    return lead;
  }

  it('counts Meta’s 7 days from the stage’s decision, not from the lead', async () => {
    const lead = await completed();
    const sent = answering(200, '{"events_received":1}');
    const decidedAt = async (at: string) => {
      await worker.deliveries.redecided(lead.id, [['metaCompleted', { kind: 'send' }]], at);
      await run([{ id: lead.id, channel: 'metaCompleted' }], {
        fetcher: sent.fetcher,
        env: metaVars,
      });
      return (await rowsOf(worker, lead.id)).metaCompleted?.state;
    };
    expect(await decidedAt(daysAgo(1 / 24))).toBe('sent');
    expect(await decidedAt(daysAgo(8))).toBe('dead');
    expect(sent.asked).toHaveLength(1);
  });

  it('skips a 予約確定 mail whose booking moved on before its turn: no retry, no alert', async () => {
    const lead = await completed();
    const at = worker.clock.now.toISOString();
    await worker.deliveries.redecided(lead.id, [['bookingMail', { kind: 'send' }]], at);
    expect(await run([{ id: lead.id, channel: 'bookingMail' }])).toEqual(['ack']);
    expect((await rowsOf(worker, lead.id)).bookingMail).toMatchObject({
      state: 'skipped',
      lastError: '予約確定のあとに段階が変わったため送信なし',
    });
    expect(worker.mails).toEqual([]);
  });
});

describe('what the queue gave up on', () => {
  it('is marked dead, never sent, and ops get one alert for the batch listing every channel', async () => {
    const { lead, messages } = await notified();
    const hook = answering(200);
    const outcomes = await run(messages, { fetcher: hook.fetcher, queue: dlq });
    expect(outcomes).toEqual(['ack', 'ack', 'ack']);
    expect(hook.asked).toEqual([]);
    const rows = await rowsOf(worker, lead.id);
    for (const channel of ['webhook', 'shopNotice', 'receipt']) {
      expect(rows[channel], channel).toMatchObject({
        state: 'dead',
        deadLetteredAt: expect.any(String),
      });
    }
    expect(kinds()).toEqual(['dead-letter-alert']);
    for (const label of ['Webhook', '店舗通知メール', '確認メール']) {
      expect(worker.mails[0]?.text).toContain(`受付番号 ${lead.id}  ${label}`);
    }
  });

  it('alerts ops once an hour: a later dead letter waits on the queue, then is listed', async () => {
    const first = await storedLead(worker);
    await run([{ id: first.id, channel: 'webhook' }], { queue: dlq });
    expect(kinds()).toEqual(['dead-letter-alert']);
    const second = await storedLead(worker);
    const { delayed } = await consume(worker, [{ id: second.id, channel: 'webhook' }], {
      queue: dlq,
    });
    expect(kinds()).toHaveLength(1);
    expect(delayed).toEqual([{ body: { alert: true }, delaySeconds: expect.any(Number) }]);
    expect(delayed[0]!.delaySeconds).toBeGreaterThan(3500);
    expect(delayed[0]!.delaySeconds).toBeLessThanOrEqual(3600);
    const [waiting] = worker.queued.splice(0);
    // The hour is over when the waiting alert's turn comes.
    worker.clock.advance(3601_000);
    expect(await run([waiting!])).toEqual(['ack']);
    expect(kinds()).toEqual(['dead-letter-alert', 'dead-letter-alert']);
    for (const lead of [first, second]) expect(worker.mails[1]?.text).toContain(lead.id);
    // Another alert that waited finds this one sent: it listed the leads.
    expect(await run([waiting!])).toEqual(['ack']);
    expect(kinds()).toHaveLength(2);
    expect(worker.queued).toEqual([]);
  });
});
