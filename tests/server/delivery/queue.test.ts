// The queue consumer of the Worker (server/worker/delivery.ts), each channel on its own, with
// the store, the delivery rows, the webhook and the mail binding in memory; the smoke suite runs
// it on workerd with real queues, D1 and the send_email binding's local simulation.
import { createHmac } from 'node:crypto';
import { exportPKCS8, generateKeyPair } from 'jose';
import type { ChannelDelivery, NewLead, StoredLead } from '../../../server/leads/store';
import { webhookBody } from '../../../server/delivery/webhook';
import { googleFixtures, metaFixtures } from '../../../e2e/smoke/platformFixtures';
import {
  consumeLeads,
  deliveryContext,
  QueueNotifier,
  queueStageNotifier,
  retryDelaySeconds,
  type Deliveries,
  type DeliveryEnv,
  type LeadBatch,
  type LeadReader,
} from '../../../server/delivery/queue';
import type { LeadMessage } from '../../../server/env';
import { adProvisionSince } from '../../../src/content/externalTransmission';
import { leadRequest, newLead } from '../../factories/estimate';
import { postalAssets } from '../../factories/postal';

function lead(overrides: Partial<NewLead> = {}): NewLead {
  return newLead({
    id: 'lead-1',
    brand: 'carsupport',
    receivedAt: '2026-11-24T01:00:00.000Z',
    request: leadRequest('carsupport', { tracking: { gaid: 'g1' } }),
    ...overrides,
  });
}

type Row =
  ChannelDelivery['state'] | Pick<ChannelDelivery, 'state' | 'report' | 'receipt' | 'decidedAt'>;

/** The lead's store and its delivery rows, in memory; `marks` lists what was written. */
function storesWith(stored: StoredLead, rows: Record<string, Row> = {}) {
  const marks: string[] = [];
  const state = new Map(
    Object.entries(rows).map(([channel, row]) => [
      channel,
      typeof row === 'string' ? { state: row } : row,
    ]),
  );
  let alertedAt: string | null = null;
  const queuedChannels = new Set<string>();
  // The lead comes with its delivery rows, as D1LeadStore.get reads them in one batch.
  const deliveryRows = (): ChannelDelivery[] =>
    [...state].map(([channel, row]) => ({
      channel,
      sentAt: null,
      attempts: 0,
      lastError: null,
      deadLetteredAt: null,
      ...row,
    }));
  const store: LeadReader = {
    get: (id: string) =>
      Promise.resolve(id === stored.id ? { ...stored, deliveries: deliveryRows() } : null),
    earlierToMailbox: () => Promise.resolve(0),
  };
  const deliveries: Deliveries = {
    decided: (_, decisions) =>
      Promise.resolve(void marks.push(...decisions.map(([c, d]) => `decided ${c} ${d.kind}`))),
    redecided: (_, decisions) => {
      for (const [channel, decision] of decisions) {
        if (decision.kind === 'skip') state.set(channel, { state: 'skipped' });
        marks.push(
          `redecided ${channel} ${decision.kind === 'skip' ? decision.reason : decision.kind}`,
        );
      }
      return Promise.resolve();
    },
    sent: (_: string, channel: string, _at: string, result) => {
      state.set(channel, { state: 'sent', receipt: result?.receipt ?? null });
      const receipt = result?.receipt ? ` (${result.receipt})` : '';
      return Promise.resolve(void marks.push(`sent ${channel}${receipt}`));
    },
    reported: (_: string, channel: string, report, reason) => {
      if (report === 'failed') state.set(channel, { state: 'dead', report });
      return Promise.resolve(void marks.push(`reported ${channel} ${report}: ${reason}`));
    },
    failed: (_: string, channel: string, error: unknown) =>
      Promise.resolve(void marks.push(`failed ${channel}: ${(error as Error).message}`)),
    deadLettered: (_: string, channel: string) => {
      state.set(channel, { state: 'dead' });
      return Promise.resolve(void marks.push(`dead ${channel}`));
    },
    lastAlert: () => Promise.resolve(alertedAt),
    alerted: (_, at) => {
      alertedAt = at;
      return Promise.resolve(void marks.push('alerted'));
    },
    deadLetters: () =>
      Promise.resolve(
        deliveryRows()
          .filter((row) => row.state === 'dead')
          .map((row) => ({ ...row, leadId: stored.id })),
      ),
    // Each channel not queued yet is won once.
    requeued: (_, channels) => {
      const won = channels.filter((channel) => !queuedChannels.has(channel));
      for (const channel of won) queuedChannels.add(channel);
      return Promise.resolve(won);
    },
    undelivered: () => Promise.resolve({ pairs: [], undecided: [] }),
  };
  return { store, deliveries, marks };
}

/** A lead that arrived from a Meta ad, and a Worker configured for Meta. */
const fbclid = {
  request: leadRequest('carsupport', { tracking: { fbclid: 'IwAR-click' } }),
} satisfies Partial<NewLead>;
const metaVars: Partial<DeliveryEnv> = {
  META_CONVERSIONS_ENDPOINT: 'https://graph.example/v25.0',
  META_PIXEL_ID: '42',
  META_ACCESS_TOKEN: 'token',
};

function batch(queue: string, bodies: LeadMessage[], attempts = 1) {
  const outcomes: string[] = [];
  const messages = bodies.map((body) => ({
    body,
    attempts,
    ack: () => outcomes.push('ack'),
    retry: (options?: { delaySeconds?: number }) => outcomes.push(`retry ${options?.delaySeconds}`),
  }));
  const batch: LeadBatch = { queue, messages };
  return { batch, outcomes };
}

/** The Worker's bindings; `queued` collects what is put on the leads queue. */
function envWith(mails: unknown[], failMail = false, queued: unknown[] = []): DeliveryEnv {
  return {
    LEADS: {
      send: (body: LeadMessage, options?: QueueSendOptions) =>
        Promise.resolve(void queued.push(options ? { body, options } : { body })),
      sendBatch: (messages) => Promise.resolve(void queued.push(...messages)),
    },
    WEBHOOK_URL: 'https://crm.example/hook',
    WEBHOOK_SECRET: 'shh',
    DEAD_LETTER_QUEUE: 'leads-dlq',
    RETRY_BASE_SECONDS: '2',
    SHOP_MAIL_TO: 'shop@example.jp',
    ASSETS: postalAssets(),
    EMAIL: {
      send: (message: unknown) => {
        if (failMail) return Promise.reject(new Error('E_RATE_LIMIT_EXCEEDED'));
        mails.push(message);
        return Promise.resolve({ messageId: 'm' });
      },
    },
  };
}

async function consume(
  bodies: LeadMessage[],
  options: {
    stored?: StoredLead;
    queue?: string;
    fetcher?: typeof fetch;
    failMail?: boolean;
    vars?: Partial<DeliveryEnv>;
    /** The lead's delivery rows already written. */
    rows?: Record<string, Row>;
  } = {},
) {
  const mails: unknown[] = [];
  const queued: unknown[] = [];
  const env: DeliveryEnv = { ...envWith(mails, options.failMail, queued), ...options.vars };
  const { store, deliveries, marks } = storesWith(options.stored ?? lead(), options.rows);
  const { batch: messages, outcomes } = batch(options.queue ?? 'leads', bodies, 3);
  const fetcher = options.fetcher ?? (() => Promise.resolve(new Response('ok')));
  await consumeLeads(
    messages,
    env,
    store,
    deliveries,
    deliveryContext(env, store, fetcher),
    'carsupport',
  );
  return { marks, outcomes, mails, queued };
}

const googleTokenEndpoint = 'https://oauth.example/token';

/** A Worker configured for Google, and a Google that answers `status` to requestStatus. */
let googleKey: Promise<string> | undefined;

async function googleSetup(status: unknown = googleFixtures.statusSuccess) {
  googleKey ??= generateKeyPair('RS256', { extractable: true }).then(({ privateKey }) =>
    exportPKCS8(privateKey),
  );
  const asked: string[] = [];
  const fetcher = (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    if (url === googleTokenEndpoint) {
      return Promise.resolve(Response.json({ access_token: 'ya29.token', expires_in: 3600 }));
    }
    return Promise.resolve(
      Response.json(url.includes('requestStatus:retrieve') ? status : googleFixtures.ingested),
    );
  };
  const vars: Partial<DeliveryEnv> = {
    GOOGLE_DATA_MANAGER_ENDPOINT: 'https://datamanager.example/v1/events:ingest',
    GOOGLE_OAUTH_TOKEN_ENDPOINT: googleTokenEndpoint,
    GOOGLE_SERVICE_ACCOUNT_EMAIL: 'bench@example.iam.gserviceaccount.com',
    GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: await googleKey,
    GOOGLE_ADS_CUSTOMER_ID: '1234567890',
    GOOGLE_ADS_CONVERSION_ACTION_ID: '987',
    GOOGLE_STATUS_DELAY_SECONDS: '60',
    GOOGLE_STATUS_MAX_CHECKS: '3',
    OPS_MAIL_TO: 'ops@example.jp',
  };
  return { vars, fetcher: fetcher as typeof fetch, asked };
}

const requestId = googleFixtures.ingested.requestId;
const waiting = { google: { state: 'sent', report: 'waiting', receipt: requestId } } as const;

describe('the queue consumer', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('posts the webhook signed, and marks that channel alone sent', async () => {
    const sent: Request[] = [];
    const fetcher = (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init));
      return Promise.resolve(new Response('ok', { status: 200 }));
    };
    const { marks, outcomes, mails } = await consume([{ id: 'lead-1', channel: 'webhook' }], {
      fetcher: fetcher as typeof fetch,
    });
    expect(outcomes).toEqual(['ack']);
    expect(marks).toEqual(['sent webhook']);
    expect(mails).toEqual([]);
    const request = sent[0]!;
    expect(request.redirect).toBe('manual');
    const body = await request.text();
    expect(JSON.parse(body)).toMatchObject({ id: 'lead-1', brand: 'carsupport' });
    const timestamp = request.headers.get('X-Shaken-Timestamp')!;
    const mac = createHmac('sha256', 'shh').update(`${timestamp}.${body}`).digest('hex');
    expect(request.headers.get('X-Shaken-Signature')).toBe(`sha256=${mac}`);
  });

  it("sends an ad platform's conversion with the Worker's variables, that channel alone", async () => {
    const sent: Request[] = [];
    const fetcher = (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init));
      return Promise.resolve(new Response('{}', { status: 200 }));
    };
    const { marks, outcomes, mails } = await consume([{ id: 'lead-1', channel: 'meta' }], {
      stored: lead({ receivedAt: new Date(Date.now() - 3600_000).toISOString(), ...fbclid }),
      fetcher: fetcher as typeof fetch,
      vars: metaVars,
    });
    expect(outcomes).toEqual(['ack']);
    expect(marks).toEqual(['sent meta']);
    expect(mails).toEqual([]);
    expect(sent.map((request) => request.url)).toEqual(['https://graph.example/v25.0/42/events']);
    expect(await sent[0]!.json()).toMatchObject({
      access_token: 'token',
      data: [{ event_id: 'lead-1' }],
    });
  });

  it("asks Google for an access token once for the isolate's batches, not once a batch", async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const tokenEndpoint = 'https://oauth.example/token';
    const asked: string[] = [];
    const fetcher = (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      return Promise.resolve(
        url === tokenEndpoint
          ? Response.json({ access_token: 'ya29.token', expires_in: 3600 })
          : Response.json({ requestId: 'r' }),
      );
    };
    const env: DeliveryEnv = {
      ...envWith([]),
      GOOGLE_DATA_MANAGER_ENDPOINT: 'https://datamanager.example/v1/events:ingest',
      GOOGLE_OAUTH_TOKEN_ENDPOINT: tokenEndpoint,
      GOOGLE_SERVICE_ACCOUNT_EMAIL: 'bench@example.iam.gserviceaccount.com',
      GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: await exportPKCS8(privateKey),
      GOOGLE_ADS_CUSTOMER_ID: '1234567890',
      GOOGLE_ADS_CONVERSION_ACTION_ID: '987',
    };
    const stored = lead({
      receivedAt: new Date(Date.now() - 3600_000).toISOString(),
      request: leadRequest('carsupport', { tracking: { gclid: 'Cj0-click' } }),
    });
    // Two batches of one isolate: the Workers runtime hands each the same env.
    for (let run = 1; run <= 2; run += 1) {
      const { store, deliveries, marks } = storesWith(stored);
      const { batch: messages, outcomes } = batch('leads', [{ id: 'lead-1', channel: 'google' }]);
      await consumeLeads(
        messages,
        env,
        store,
        deliveries,
        deliveryContext(env, store, fetcher as typeof fetch),
        'carsupport',
      );
      expect(outcomes).toEqual(['ack']);
      expect(marks).toEqual(['sent google (r)']);
    }
    expect(asked.filter((url) => url === tokenEndpoint)).toHaveLength(1);
    expect(asked.filter((url) => url !== tokenEndpoint)).toHaveLength(2);
  });

  it("dead-letters a channel once its lead is past the platform's window, never sending it", async () => {
    const fetcher = vi.fn(() => Promise.resolve(new Response('{}')));
    const old = new Date(Date.now() - 7 * 24 * 3600_000).toISOString();
    const { marks, outcomes } = await consume([{ id: 'lead-1', channel: 'meta' }], {
      stored: lead({ receivedAt: old, ...fbclid }),
      fetcher,
      vars: metaVars,
    });
    expect(fetcher).not.toHaveBeenCalled();
    expect(marks).toEqual(["failed meta: past meta's window for this lead", 'dead meta']);
    expect(outcomes).toEqual(['ack']);
    // The webhook has no window: the same lead's webhook is still sent.
    const webhook = await consume([{ id: 'lead-1', channel: 'webhook' }], {
      stored: lead({ receivedAt: old }),
    });
    expect(webhook.marks).toEqual(['sent webhook']);
  });

  it('tries a permanent refusal once: dead at once with the platform’s message, and the alert', async () => {
    const refusing = () =>
      Promise.resolve(Response.json(metaFixtures.invalidToken, { status: 400 }));
    const { marks, outcomes, mails } = await consume([{ id: 'lead-1', channel: 'meta' }], {
      stored: lead({ receivedAt: new Date(Date.now() - 3600_000).toISOString(), ...fbclid }),
      fetcher: refusing as typeof fetch,
      vars: { ...metaVars, OPS_MAIL_TO: 'ops@example.jp' },
    });
    expect(outcomes).toEqual(['ack']);
    expect(marks).toEqual([
      `failed meta: Meta answered 400: ${metaFixtures.invalidToken.error.message}`,
      'dead meta',
      'alerted',
    ]);
    expect(JSON.stringify(mails[0])).toContain('Meta');
  });

  it('retries a platform’s 429 and 5xx with backoff', async () => {
    for (const status of [429, 500, 503]) {
      const busy = () => Promise.resolve(new Response('{}', { status }));
      const { marks, outcomes } = await consume([{ id: 'lead-1', channel: 'meta' }], {
        stored: lead({ receivedAt: new Date(Date.now() - 3600_000).toISOString(), ...fbclid }),
        fetcher: busy as typeof fetch,
        vars: metaVars,
      });
      expect(outcomes).toEqual(['retry 8']);
      expect(marks).toEqual([`failed meta: Meta answered ${status}: {}`]);
    }
  });

  it('keeps Google’s requestId and asks requestStatus after GOOGLE_STATUS_DELAY_SECONDS', async () => {
    const { vars, fetcher } = await googleSetup();
    const { marks, queued } = await consume([{ id: 'lead-1', channel: 'google' }], {
      stored: lead({ receivedAt: new Date(Date.now() - 3600_000).toISOString() }),
      fetcher,
      vars,
    });
    expect(marks).toEqual([`sent google (${requestId})`]);
    expect(queued).toEqual([
      { body: { id: 'lead-1', channel: 'google', check: 1 }, options: { delaySeconds: 60 } },
    ]);
  });

  it('records a failure Google reports, with its reason in Japanese, and alerts ops', async () => {
    const { vars, fetcher, asked } = await googleSetup(googleFixtures.statusFailedInvalidGclid);
    const { marks, outcomes, mails } = await consume(
      [{ id: 'lead-1', channel: 'google', check: 1 }],
      { fetcher, vars, rows: waiting },
    );
    expect(asked).toContain(
      `https://datamanager.example/v1/requestStatus:retrieve?requestId=${requestId}`,
    );
    expect(outcomes).toEqual(['ack']);
    expect(marks).toEqual([
      'reported google failed: クリックID（gclid）を読み取れませんでした',
      'alerted',
    ]);
    expect(mails).toHaveLength(1);
  });

  it('records 取込済 for SUCCESS, asks again later while Google processes, then says 不明', async () => {
    const success = await googleSetup(googleFixtures.statusSuccess);
    expect(
      (
        await consume([{ id: 'lead-1', channel: 'google', check: 1 }], {
          ...success,
          rows: waiting,
        })
      ).marks,
    ).toEqual(['reported google accepted: null']);
    const processing = await googleSetup(googleFixtures.statusProcessing);
    const second = await consume([{ id: 'lead-1', channel: 'google', check: 2 }], {
      ...processing,
      rows: waiting,
    });
    expect(second.marks).toEqual([]);
    // Doubling from the first delay: 60 s, then 120, 240 …
    expect(second.queued).toEqual([
      { body: { id: 'lead-1', channel: 'google', check: 3 }, options: { delaySeconds: 240 } },
    ]);
    const last = await consume([{ id: 'lead-1', channel: 'google', check: 3 }], {
      ...processing,
      rows: waiting,
    });
    expect(last.marks).toEqual(['reported google unknown: null']);
    expect(last.queued).toEqual([]);
  });

  it('reads a message from before the channels as the webhook', async () => {
    const { marks } = await consume([{ id: 'lead-1' }]);
    expect(marks).toEqual(['sent webhook']);
  });

  it('retries a failing webhook alone: the mails of the same lead are sent once', async () => {
    const down = () => Promise.resolve(new Response('down', { status: 503 }));
    const { marks, outcomes, mails } = await consume(
      [
        { id: 'lead-1', channel: 'webhook' },
        { id: 'lead-1', channel: 'shopNotice' },
        { id: 'lead-1', channel: 'receipt' },
      ],
      { fetcher: down as typeof fetch },
    );
    expect(outcomes).toEqual(['retry 8', 'ack', 'ack']);
    expect(marks).toEqual([
      'failed webhook: the webhook answered 503',
      'sent shopNotice',
      'sent receipt',
    ]);
    expect(mails).toHaveLength(2);
  });

  it('retries a failed mail alone, never re-posting the webhook', async () => {
    const fetcher = vi.fn();
    const { marks, outcomes } = await consume([{ id: 'lead-1', channel: 'receipt' }], {
      fetcher,
      failMail: true,
    });
    expect(fetcher).not.toHaveBeenCalled();
    expect(outcomes).toEqual(['retry 8']);
    expect(marks).toEqual(['failed receipt: E_RATE_LIMIT_EXCEEDED']);
    expect([1, 2, 3].map((attempts) => retryDelaySeconds(attempts, 30))).toEqual([30, 60, 120]);
    expect(retryDelaySeconds(40, 30)).toBe(43_200);
  });

  it('never sends a channel already sent, skipped or off', async () => {
    for (const state of ['sent', 'skipped', 'off'] as const) {
      const { marks, outcomes, mails } = await consume([{ id: 'lead-1', channel: 'receipt' }], {
        rows: { receipt: state },
      });
      expect(outcomes).toEqual(['ack']);
      expect(marks).toEqual([]);
      expect(mails).toEqual([]);
    }
  });

  it('marks a dead-lettered channel in D1 instead of sending it', async () => {
    const { marks, outcomes, mails } = await consume([{ id: 'lead-1', channel: 'shopNotice' }], {
      queue: 'leads-dlq',
    });
    expect(marks).toEqual(['dead shopNotice']);
    expect(outcomes).toEqual(['ack']);
    expect(mails).toEqual([]);
  });

  it('sends one dead-letter alert for a batch, listing every channel of it', async () => {
    const { marks, mails } = await consume(
      [
        { id: 'lead-1', channel: 'shopNotice' },
        { id: 'lead-1', channel: 'receipt' },
        { id: 'lead-1', channel: 'webhook' },
      ],
      { queue: 'leads-dlq', vars: { OPS_MAIL_TO: 'ops@example.jp' } },
    );
    expect(marks).toEqual(['dead shopNotice', 'dead receipt', 'dead webhook', 'alerted']);
    expect(mails).toHaveLength(1);
    const text = JSON.stringify(mails[0]);
    for (const label of ['店舗通知メール', '確認メール', 'Webhook']) expect(text).toContain(label);
  });

  it("puts the lead's id, brand and time over whatever the request says", () => {
    const body = JSON.parse(webhookBody(lead({ request: leadRequest('yamada') })));
    expect(body).toMatchObject({ id: 'lead-1', brand: 'carsupport' });
  });
});

describe('the notifier', () => {
  it('records every channel decision and queues only the channels to send', async () => {
    const queued: unknown[] = [];
    const mails: unknown[] = [];
    const env = envWith(mails, false, queued);
    const spam = lead({ suspectedSpam: true });
    const { store, deliveries, marks } = storesWith(spam);
    await new QueueNotifier(env, deliveries, deliveryContext(env, store), store).created(spam);
    expect(marks).toEqual([
      'decided webhook skip',
      'decided shopNotice send',
      'decided receipt skip',
      // The brand's Worker has no ad platform's variables: each platform's channel is off.
      'decided google off',
      'decided meta off',
      'decided yahoo off',
      'decided line off',
    ]);
    expect(queued).toEqual([{ body: { id: 'lead-1', channel: 'shopNotice' } }]);
  });
});

describe('the stage conversions', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  const hourAgo = () => new Date(Date.now() - 3600_000).toISOString();
  /** A visitor from a Google ad and a Meta ad who agreed; at 完了 for 54,321円 an hour ago. */
  const completed = (receivedAt = hourAgo(), changedAt = hourAgo()) => {
    const request = leadRequest('carsupport', { tracking: { gaid: 'g1', fbclid: 'IwAR-click' } });
    request.adConsent = true;
    return lead({
      receivedAt,
      request,
      matching: { cookies: {}, privacyPolicyVersion: adProvisionSince },
      stage: { stage: 'completed', changedAt, progress: 3, amount: 54_321 },
    } as Partial<NewLead>);
  };

  it('decides each platform’s 完了 on the stage change and queues the ones to send', async () => {
    const { vars } = await googleSetup();
    const queued: unknown[] = [];
    const env = { ...envWith([], false, queued), ...vars, ...metaVars };
    env.GOOGLE_ADS_COMPLETED_CONVERSION_ACTION_ID = '555';
    const stored = completed();
    const { store, deliveries, marks } = storesWith(stored);
    const notifier = queueStageNotifier(
      env,
      store,
      { redecided: deliveries.decided, requeued: deliveries.requeued },
      deliveryContext(env, store),
    );
    await notifier.stageChanged(stored, ['googleCompleted', 'metaCompleted', 'yahooCompleted']);
    expect(marks).toEqual([
      'decided googleCompleted send',
      'decided metaCompleted send',
      'decided yahooCompleted off',
    ]);
    expect(queued).toEqual([
      { body: { id: 'lead-1', channel: 'googleCompleted' } },
      { body: { id: 'lead-1', channel: 'metaCompleted' } },
    ]);
  });

  it('sends Google the 完了 in its own action with 54321 JPY, and asks requestStatus as for a lead', async () => {
    const { vars, fetcher } = await googleSetup();
    const bodies: unknown[] = [];
    const recording = (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('events:ingest')) bodies.push(JSON.parse(String(init?.body)));
      return fetcher(input);
    };
    const { marks, queued } = await consume([{ id: 'lead-1', channel: 'googleCompleted' }], {
      stored: completed(),
      fetcher: recording as typeof fetch,
      vars: { ...vars, GOOGLE_ADS_COMPLETED_CONVERSION_ACTION_ID: '555' },
    });
    expect(marks).toEqual([`sent googleCompleted (${requestId})`]);
    expect(bodies).toMatchObject([
      {
        destinations: [{ productDestinationId: '555' }],
        events: [{ transactionId: 'lead-1-completed', conversionValue: 54_321, currency: 'JPY' }],
      },
    ]);
    expect(queued).toEqual([
      {
        body: { id: 'lead-1', channel: 'googleCompleted', check: 1 },
        options: { delaySeconds: 60 },
      },
    ]);
  });

  it('skips a booking mail whose booking was already 完了 when its turn came: no retry, no alert', async () => {
    const { marks, outcomes, mails } = await consume([{ id: 'lead-1', channel: 'bookingMail' }], {
      stored: completed(),
      rows: { bookingMail: 'pending' },
    });
    expect(marks).toEqual(['redecided bookingMail 予約確定のあとに段階が変わったため送信なし']);
    expect(outcomes).toEqual(['ack']);
    expect(mails).toEqual([]);
  });

  it('counts Meta’s 7 days from the stage, not from the lead', async () => {
    const sent: string[] = [];
    const fetcher = (input: RequestInfo | URL) => {
      sent.push(String(input));
      return Promise.resolve(Response.json({ events_received: 1 }));
    };
    const monthAgo = new Date(Date.now() - 30 * 24 * 3600_000).toISOString();
    const fresh = await consume([{ id: 'lead-1', channel: 'metaCompleted' }], {
      stored: completed(monthAgo),
      rows: { metaCompleted: { state: 'pending', decidedAt: hourAgo() } },
      fetcher: fetcher as typeof fetch,
      vars: metaVars,
    });
    expect(fresh.marks).toEqual(['sent metaCompleted']);
    const stale = await consume([{ id: 'lead-1', channel: 'metaCompleted' }], {
      stored: completed(monthAgo),
      rows: {
        metaCompleted: {
          state: 'pending',
          decidedAt: new Date(Date.now() - 8 * 24 * 3600_000).toISOString(),
        },
      },
      fetcher: fetcher as typeof fetch,
      vars: metaVars,
    });
    expect(stale.marks).toEqual([
      "failed metaCompleted: past metaCompleted's window for this lead",
      'dead metaCompleted',
    ]);
    expect(sent).toHaveLength(1);
  });
});
