// 予約確定 and 完了 as conversions (server/platforms/stages.ts): which channels a stage change sets
// off, what each decides, and each payload pinned against the documentation's fields
// (e2e/smoke/platformFixtures.ts). The Worker's queue runs them in tests/server/delivery/; a
// Worker without the platforms' configuration in unconfigured.d1.test.ts; the workerd smoke in
// e2e/smoke/stageConversions.spec.ts.
import { notAgreed, type ConversionContext } from '../../../server/platforms/platform';
import { googleEvents } from '../../../server/platforms/googleEvents';
import { NothingToSend } from '../../../server/delivery/channel';
import { stageConversionChannels, stageConversionNames } from '../../../server/platforms/index';
import { metaStageEvent } from '../../../server/platforms/meta';
import type { StageChange } from '../../../server/staff/stages';
import type { StoredLead } from '../../../server/leads/store';
import { stageChannels } from '../../../server/staff/stageChange';
import type { StaffLead } from '../../../server/staff/store';
import { adProvisionSince, externalTransmissions } from '../../../src/content/externalTransmission';
import { pages as carsupportPages } from '../../../src/content/carsupport/pages';
import { stagesAndAmounts } from '../../../src/content/privacyPromises';
import { pages as yamadaPages } from '../../../src/content/yamada/pages';
import type { TrackingData } from '../../../src/tracking/trackingFields';
import { stageFixtures } from '../../../e2e/smoke/platformFixtures';
import { leadRequest, storedLead } from '../../factories/estimate';

const completedAt = '2026-11-26T05:00:00.000Z';

function lead(
  options: { tracking?: TrackingData; adConsent?: boolean; amount?: number; stage?: string } = {},
): StoredLead {
  const request = leadRequest('yamada', {
    tracking: options.tracking ?? { gaid: 'GCLID_1', fbclid: 'IwAR-click' },
  });
  request.adConsent = options.adConsent ?? true;
  return storedLead({
    id: '261120-7K3QF9ZD',
    receivedAt: '2026-11-20T01:00:00.000Z',
    request,
    matching: {
      cookies: {},
      userAgent: 'Mozilla/5.0',
      clientAddress: '203.0.113.10',
      eventSourceUrl: 'https://www.yamada-shaken.com/',
      privacyPolicyVersion: adProvisionSince,
    },
    stage:
      options.stage === 'booked'
        ? {
            stage: 'booked',
            changedAt: completedAt,
            progress: 2,
            bookedFor: '2026-12-01T10:00+09:00',
            shop: '本店',
          }
        : {
            stage: 'completed',
            changedAt: completedAt,
            progress: 3,
            amount: options.amount ?? 54_321,
          },
  });
}

const env = {
  GOOGLE_DATA_MANAGER_ENDPOINT: 'https://datamanager.example/v1/events:ingest',
  GOOGLE_OAUTH_TOKEN_ENDPOINT: 'https://oauth.example/token',
  GOOGLE_SERVICE_ACCOUNT_EMAIL: 'a@example.iam.gserviceaccount.com',
  GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: 'key',
  GOOGLE_ADS_CUSTOMER_ID: '123-456-7890',
  GOOGLE_ADS_CONVERSION_ACTION_ID: '1',
  GOOGLE_ADS_BOOKED_CONVERSION_ACTION_ID: '2',
  GOOGLE_ADS_COMPLETED_CONVERSION_ACTION_ID: '3',
  META_CONVERSIONS_ENDPOINT: 'https://graph.example/v25.0',
  META_PIXEL_ID: '42',
  META_ACCESS_TOKEN: 'token',
  YAHOO_CONVERSION_ENDPOINT: 'https://yahoo.example/v1/',
  YAHOO_TAG_ID: 't',
  YAHOO_TAG_ACCESS_TOKEN: 't',
  YAHOO_SEARCH_CONVERSION_ENDPOINT: 'https://search.example/v1/',
  YAHOO_SEARCH_APP_ID: 'a',
  YAHOO_SEARCH_CONVERSION_ID: '1',
  YAHOO_SEARCH_CONVERSION_LABEL: 'l',
  LINE_CONVERSION_ENDPOINT: 'https://line.example/v1',
  LINE_TAG_ID: 't',
  LINE_TAG_ACCESS_TOKEN: 't',
};

function context(overrides: ConversionContext['env'] = {}, now = completedAt): ConversionContext {
  return {
    env: { ...env, ...overrides },
    fetch: () => Promise.reject(new Error('not in these tests')),
    now: () => new Date(Date.parse(now) + 60_000),
  };
}

async function decisions(stored: StoredLead, ctx = context()) {
  const result: Record<string, unknown> = {};
  for (const channel of stageConversionChannels) {
    result[channel.name] = await channel.decide(stored, ctx);
  }
  return result;
}

/** Every leaf as its type: the payload has the documentation's fields, with their types. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, item]) => [key, shape(item)] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  }
  return typeof value;
}

function change(stage: StageChange['stage'], seq: number): StageChange {
  return { seq, leadId: 'x', stage, at: completedAt, actor: 'sato', progress: 3, amount: 1 };
}

function staffLead(history: StageChange[]): StaffLead {
  return { ...lead(), stage: lead().stage!, history };
}

describe('the channels a stage change sets off', () => {
  it('each platform’s stage conversion when the lead first reaches the stage, never again', () => {
    const completed = stageConversionNames('completed');
    expect(completed).toEqual([
      'googleCompleted',
      'metaCompleted',
      'yahooCompleted',
      'yahooSearchCompleted',
      'lineCompleted',
    ]);
    expect(stageChannels(staffLead([]), change('completed', 1))).toEqual(completed);
    // A correction (a new amount) is not sent again: the platforms keep the first by its id.
    expect(stageChannels(staffLead([change('completed', 1)]), change('completed', 2))).toEqual([]);
    const booked = { ...change('booked', 1), bookedFor: '2026-12-01T10:00+09:00', shop: '本店' };
    expect(stageChannels(staffLead([]), booked)).toEqual([
      'bookingMail',
      ...stageConversionNames('booked'),
    ]);
    expect(stageChannels(staffLead([booked]), { ...booked, seq: 2, shop: '別店' })).toEqual([
      'bookingMail',
    ]);
    expect(stageChannels(staffLead([]), change('lost', 1))).toEqual([]);
  });
});

describe('what each stage conversion decides', () => {
  it('sends 完了 to Google and Meta for a visitor who agreed and came from their ads', async () => {
    const decided = await decisions(
      lead({ tracking: { gaid: 'g', fbclid: 'f', yclid: 'y', ldtag_cl: 'l' } }),
    );
    expect(decided).toMatchObject({
      googleCompleted: { kind: 'send' },
      metaCompleted: { kind: 'send' },
      yahooCompleted: { kind: 'skip', reason: expect.stringContaining('action_source: web') },
      lineCompleted: { kind: 'skip', reason: expect.stringContaining('届いた時点') },
    });
  });

  it('sends stages and amounts to exactly the recipients the policy names for them', async () => {
    for (const page of [carsupportPages.privacypolicy, yamadaPages.privacypolicy]) {
      expect(JSON.stringify(page)).toContain(stagesAndAmounts);
    }
    const decided = await decisions(
      lead({ tracking: { gaid: 'g', fbclid: 'f', yclid: 'YSS.1.s', ldtag_cl: 'l' } }),
    );
    const sending = new Set(
      stageConversionChannels
        .filter(
          (channel) => (decided[channel.name] as { kind?: string } | undefined)?.kind === 'send',
        )
        .map((channel) => channel.platform),
    );
    const named = externalTransmissions.filter((row) => row.stages).map((row) => row.platform);
    expect([...sending].sort()).toEqual([...named].sort());
    for (const platform of sending) {
      const row = externalTransmissions.find((one) => one.platform === platform)!;
      expect(stagesAndAmounts).toContain(row.recipient);
      expect(row.data.join()).toContain('お支払い金額（税込）');
    }
  });

  it('counts Google’s 90 days from the click the Conversion Linker dated, not from the lead', async () => {
    const clickAt = Date.parse('2026-09-01T00:00:00.000Z');
    const linked = lead({ tracking: {} });
    linked.matching = {
      ...linked.matching!,
      cookies: { _gcl_aw: `GCL.${clickAt / 1000}.Cj0-linked` },
    };
    // 完了 on 2026-11-26: 86 days after the click, 6 after the lead: sent.
    expect((await decisions(linked)).googleCompleted).toEqual({ kind: 'send' });
    // Ten days later: 96 days after the click, though 16 after the lead: skipped, saying why.
    const lateStage = { ...linked.stage!, changedAt: '2026-12-06T05:00:00.000Z' };
    const late = await decisions({ ...linked, stage: lateStage });
    expect(late.googleCompleted).toEqual({
      kind: 'skip',
      reason: 'クリックから90日を過ぎています（Google 広告の取り込み期限）',
    });
  });

  it('sends nothing for a visitor who did not agree', async () => {
    const decided = Object.values(await decisions(lead({ adConsent: false })));
    expect(decided).toEqual(decided.map(() => ({ kind: 'skip', reason: notAgreed })));
  });

  it('sends no 完了 whose lead left 完了 before its turn (a correction to 失注): skipped, not retried', async () => {
    const lost = { ...lead(), stage: { stage: 'lost', changedAt: completedAt, progress: 3 } };
    for (const name of ['googleCompleted', 'metaCompleted']) {
      const channel = stageConversionChannels.find((each) => each.name === name)!;
      await expect(channel.send(lost as StoredLead, context())).rejects.toBeInstanceOf(
        NothingToSend,
      );
    }
  });

  it('says why a stage is not sent: no click of the platform, no conversion action, too old', async () => {
    const direct = await decisions(lead({ tracking: {} }));
    expect(direct.googleCompleted).toEqual({
      kind: 'skip',
      reason: 'Google 広告のクリックなし（gclid・wbraid・gbraid）',
    });
    expect(direct.metaCompleted).toEqual({
      kind: 'skip',
      reason: 'Meta 広告のクリックなし（fbclid・_fbc）',
    });
    const noAction = await decisions(
      lead(),
      context({ GOOGLE_ADS_COMPLETED_CONVERSION_ACTION_ID: '' }),
    );
    expect(noAction.googleCompleted).toEqual({
      kind: 'skip',
      reason: '完了のコンバージョンアクションが未設定（GOOGLE_ADS_COMPLETED_CONVERSION_ACTION_ID）',
    });
    const late = await decisions(lead(), context({}, '2026-12-04T05:00:00.000Z'));
    expect(late.metaCompleted).toEqual({
      kind: 'skip',
      reason: '完了から7日を過ぎています（Metaの受付期限）',
    });
    expect(late.googleCompleted).toEqual({ kind: 'send' });
    const unconfigured = await decisions(lead(), context({ META_ACCESS_TOKEN: '' }));
    expect(unconfigured.metaCompleted).toEqual({ kind: 'off' });
  });
});

describe('the payloads, against the documentation’s fields', () => {
  it('Google: an offline conversion with its value in JPY, in the stage’s conversion action', async () => {
    const stored = lead();
    const body = await googleEvents(
      stored,
      { customerId: '123-456-7890', conversionActionId: '3' },
      {},
      {
        transactionId: `${stored.id}-completed`,
        eventTimestamp: completedAt,
        eventSource: 'IN_STORE',
        yen: 54_321,
      },
    );
    const event = (body.events as Record<string, unknown>[])[0]!;
    expect(shape(event)).toEqual(shape(stageFixtures.googleOfflineEvent));
    expect(event).toMatchObject({
      transactionId: '261120-7K3QF9ZD-completed',
      eventTimestamp: completedAt,
      conversionValue: 54_321,
      currency: 'JPY',
      adIdentifiers: { gclid: 'GCLID_1' },
    });
  });

  it('Meta: Purchase as an offline event (physical_store) with value and currency JPY', async () => {
    const body = await metaStageEvent(lead(), 'completed');
    const event = (body.data as Record<string, unknown>[])[0]!;
    const { fbc, ...userData } = event.user_data as Record<string, unknown>;
    expect(fbc).toMatch(/^fb\.1\.\d+\.IwAR-click$/);
    expect(shape({ ...event, user_data: userData })).toEqual(
      shape(stageFixtures.metaOfflinePurchase),
    );
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_time: Date.parse(completedAt) / 1000,
      event_id: '261120-7K3QF9ZD-completed',
      action_source: 'physical_store',
      custom_data: { value: 54_321, currency: 'JPY' },
    });
    // Meta's Schedule: an appointment booked; no amount yet.
    const booked = await metaStageEvent(lead({ stage: 'booked' }), 'booked');
    expect(booked.data).toEqual([expect.not.objectContaining({ custom_data: expect.anything() })]);
    expect(booked.data).toMatchObject([
      { event_name: 'Schedule', event_id: '261120-7K3QF9ZD-booked' },
    ]);
  });
});
