// Google reports later what it did with a conversion (decision 018): the queue's consumer keeps
// its requestId, asks requestStatus by delayed messages of its own, and records the answer on a
// real local D1, as staff and the funnel read it; a failure turns the channel dead for ops.
import { exportPKCS8, generateKeyPair } from 'jose';
import type { Env } from '../../../server/env';
import { googleFixtures } from '../../../e2e/smoke/platformFixtures';
import { leadRequest } from '../../factories/estimate';
import { stageChange } from '../d1';
import { workerOnD1 } from '../worker';
import { consume, rowsOf, storedLead } from './consume';

const worker = workerOnD1({ env: { BRAND: 'yamada', OPS_MAIL_TO: 'ops@example.jp' } });
const requestId = googleFixtures.ingested.requestId;
const ingest = 'https://datamanager.example/v1/events:ingest';
const tokenEndpoint = 'https://oauth.example/token';
let vars: Partial<Env>;

beforeAll(async () => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  vars = {
    GOOGLE_DATA_MANAGER_ENDPOINT: ingest,
    GOOGLE_OAUTH_TOKEN_ENDPOINT: tokenEndpoint,
    GOOGLE_SERVICE_ACCOUNT_EMAIL: 'bench@example.iam.gserviceaccount.com',
    GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: await exportPKCS8(privateKey),
    GOOGLE_ADS_CUSTOMER_ID: '1234567890',
    GOOGLE_ADS_CONVERSION_ACTION_ID: '987',
    GOOGLE_ADS_COMPLETED_CONVERSION_ACTION_ID: '555',
    GOOGLE_STATUS_DELAY_SECONDS: '60',
    GOOGLE_STATUS_MAX_CHECKS: '3',
  };
});

beforeEach(async () => {
  await worker.reset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** Google: a token, the requestId for events, `status` for requestStatus; `events` what it got. */
function google(status: unknown = googleFixtures.statusSuccess) {
  const asked: string[] = [];
  const events: unknown[] = [];
  const fetcher = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    asked.push(url);
    if (url === tokenEndpoint) {
      return Promise.resolve(Response.json({ access_token: 'ya29.token', expires_in: 3600 }));
    }
    if (url === ingest) {
      events.push(JSON.parse(String(init?.body)));
      return Promise.resolve(Response.json(googleFixtures.ingested));
    }
    return Promise.resolve(Response.json(status));
  };
  return { asked, events, fetcher: fetcher as typeof fetch };
}

const fromGoogleAd = { request: leadRequest('yamada', { tracking: { gaid: 'Cj0-click' } }) };

/** A lead sent to Google, its first requestStatus question queued; returns that question. */
async function sentToGoogle() {
  const lead = await storedLead(worker, fromGoogleAd);
  const { delayed } = await consume(worker, [{ id: lead.id, channel: 'google' }], {
    env: vars,
    fetcher: google().fetcher,
  });
  worker.queued.splice(0);
  return { lead, check: delayed[0]!.body };
}

describe('Google’s requestStatus', () => {
  it('is asked GOOGLE_STATUS_DELAY_SECONDS after the send, about the requestId kept, and 取込済 recorded', async () => {
    const lead = await storedLead(worker, fromGoogleAd);
    const { delayed } = await consume(worker, [{ id: lead.id, channel: 'google' }], {
      env: vars,
      fetcher: google().fetcher,
    });
    expect((await rowsOf(worker, lead.id)).google).toMatchObject({
      state: 'sent',
      receipt: requestId,
      report: 'waiting',
    });
    expect(delayed).toEqual([
      { body: { id: lead.id, channel: 'google', check: 1 }, delaySeconds: 60 },
    ]);
    const success = google(googleFixtures.statusSuccess);
    const { outcomes } = await consume(worker, [delayed[0]!.body], {
      env: vars,
      fetcher: success.fetcher,
    });
    expect(outcomes).toEqual(['ack']);
    expect(success.asked).toContain(
      `https://datamanager.example/v1/requestStatus:retrieve?requestId=${requestId}`,
    );
    expect((await rowsOf(worker, lead.id)).google).toMatchObject({
      state: 'sent',
      report: 'accepted',
      reportedAt: worker.clock.now.toISOString(),
    });
  });

  it('is asked again later, doubling, while Google processes, then says 不明', async () => {
    const { lead, check } = await sentToGoogle();
    const processing = { env: vars, fetcher: google(googleFixtures.statusProcessing).fetcher };
    const second = await consume(worker, [check], processing);
    // Doubling from the first delay: 60 s, then 120, 240 …
    expect(second.delayed).toEqual([
      { body: { id: lead.id, channel: 'google', check: 2 }, delaySeconds: 120 },
    ]);
    const third = await consume(worker, [second.delayed[0]!.body], processing);
    expect(third.delayed).toEqual([
      { body: { id: lead.id, channel: 'google', check: 3 }, delaySeconds: 240 },
    ]);
    expect((await rowsOf(worker, lead.id)).google?.report).toBe('waiting');
    // GOOGLE_STATUS_MAX_CHECKS asked: no answer yet is 不明, and no more questions.
    const last = await consume(worker, [third.delayed[0]!.body], processing);
    expect(last.delayed).toEqual([]);
    expect((await rowsOf(worker, lead.id)).google).toMatchObject({
      state: 'sent',
      report: 'unknown',
    });
  });

  it('records a failure Google reports, with its reason in Japanese, dead for the ops’ alert', async () => {
    const { lead, check } = await sentToGoogle();
    const failed = google(googleFixtures.statusFailedInvalidGclid);
    expect(
      (await consume(worker, [check], { env: vars, fetcher: failed.fetcher })).outcomes,
    ).toEqual(['ack']);
    const reason = 'クリックID（gclid）を読み取れませんでした';
    expect((await rowsOf(worker, lead.id)).google).toMatchObject({
      state: 'dead',
      report: 'failed',
      lastError: reason,
    });
    expect(worker.mails.map((mail) => mail.headers['X-Lead-Mail'])).toEqual(['dead-letter-alert']);
    expect(worker.mails[0]?.text).toContain(
      `受付番号 ${lead.id}  Google 広告  最後のエラー: ${reason}`,
    );
  });
});

describe('a stage conversion to Google', () => {
  it('is the 完了 in its own conversion action with the amount staff recorded, asked about as a lead', async () => {
    const lead = await storedLead(worker, fromGoogleAd);
    const at = worker.clock.now.toISOString();
    const change = stageChange(lead.id, { stage: 'completed', progress: 3, amount: 54_321, at });
    await worker.staff.recordStage('yamada', change);
    await worker.deliveries.redecided(lead.id, [['googleCompleted', { kind: 'send' }]], at);
    const sent = google();
    const { delayed } = await consume(worker, [{ id: lead.id, channel: 'googleCompleted' }], {
      env: vars,
      fetcher: sent.fetcher,
    });
    expect(sent.events).toMatchObject([
      {
        destinations: [{ productDestinationId: '555' }],
        events: [
          { transactionId: `${lead.id}-completed`, conversionValue: 54_321, currency: 'JPY' },
        ],
      },
    ]);
    expect((await rowsOf(worker, lead.id)).googleCompleted).toMatchObject({
      state: 'sent',
      receipt: requestId,
      report: 'waiting',
    });
    expect(delayed).toEqual([
      { body: { id: lead.id, channel: 'googleCompleted', check: 1 }, delaySeconds: 60 },
    ]);
  });
});
