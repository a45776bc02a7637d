/** Google 広告: the lead's conversion and its 予約確定 and 完了 (googleEvents.ts builds the events). */
import type { SendResult } from '../delivery/channel';
import type { StoredLead } from '../leads/store';
import {
  adIdentifiersOf,
  googleClickOf,
  googleEvents,
  googleReport,
  googleVariables,
  tokenOf,
  type GoogleConversion,
} from './googleEvents';
import {
  configOf,
  dayMs,
  decideConversion,
  isOn,
  requestJson,
  setting,
  type AdPlatform,
  type ConversionChannel,
  type ConversionContext,
  type ConversionStage,
  type StageConversionChannel,
} from './platform';
import {
  completedYen,
  decideStage,
  nothingCompletedNow,
  stageConversionName,
  stageEventId,
  stageTime,
} from './stages';
import { stageLabels } from '../staff/stageNames';

const key = { id: 'google', variables: googleVariables } as const;

const clickIds = 'gclid・wbraid・gbraid';

// Google Ads takes a click's conversion within its action's click-through window, counted from the
// click: at most 90 days (30 by default: docs/tracking.ja.md tells the marketer to set 90). An hour
// short of it, so a send in flight does not land past it. Sources: docs/platform-sources.md.
const clickWindowMs = 90 * dayMs - 3600_000;

/** Past the window from the click at `at`: Google would drop the conversion. */
function pastClickWindow(lead: StoredLead, at: string): boolean {
  const click = googleClickOf(lead);
  return click !== undefined && Date.parse(at) - click.at > clickWindowMs;
}

const pastWindow = {
  kind: 'skip',
  reason: 'クリックから90日を過ぎています（Google 広告の取り込み期限）',
} as const;

/** The diagnostics guide: first about 30 minutes after the request; processing can take 24 hours. */
const defaultFirstCheckSeconds = 30 * 60;
const defaultMaxChecks = 8;

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && Number.isFinite(number) && number >= 0 ? number : fallback;
}

/** One event to the conversion action (the lead's own unless another is named); its requestId. */
async function sendToGoogle(
  lead: StoredLead,
  ctx: ConversionContext,
  stage?: { conversionActionId: string; conversion: GoogleConversion },
): Promise<SendResult> {
  const config = configOf(googleVariables, ctx.env);
  if (!config) throw new Error('Google: not configured');
  const validateOnly = isOn(setting(ctx.env, 'GOOGLE_VALIDATE_ONLY'));
  const answer = await requestJson(ctx, 'Google', config.GOOGLE_DATA_MANAGER_ENDPOINT, {
    headers: { Authorization: `Bearer ${await tokenOf(ctx)}` },
    body: await googleEvents(
      lead,
      {
        customerId: config.GOOGLE_ADS_CUSTOMER_ID,
        conversionActionId: stage?.conversionActionId ?? config.GOOGLE_ADS_CONVERSION_ACTION_ID,
        loginCustomerId: setting(ctx.env, 'GOOGLE_ADS_LOGIN_CUSTOMER_ID'),
      },
      { validateOnly },
      stage?.conversion,
    ),
  });
  // A validateOnly request gets no requestId: there is nothing to ask about later.
  if (validateOnly) return { test: true };
  const requestId = (answer as { requestId?: unknown } | null)?.requestId;
  return typeof requestId === 'string' && requestId ? { receipt: requestId } : undefined;
}

const googleChannel: ConversionChannel = {
  name: 'google',
  platform: 'google',
  retryWindowMs: clickWindowMs,
  decide: (lead, ctx) => {
    const decision = decideConversion(key, lead, ctx, {
      has: adIdentifiersOf(lead) !== undefined,
      missing: clickIds,
    });
    return decision.kind === 'send' && pastClickWindow(lead, lead.receivedAt)
      ? pastWindow
      : decision;
  },
  send: (lead, ctx) => sendToGoogle(lead, ctx),
  followUp: {
    async check(receipt, ctx) {
      const config = configOf(googleVariables, ctx.env);
      if (!config) throw new Error('Google: not configured');
      const url = new URL('/v1/requestStatus:retrieve', config.GOOGLE_DATA_MANAGER_ENDPOINT);
      url.searchParams.set('requestId', receipt);
      const answer = await requestJson(ctx, 'Google', url.href, {
        method: 'GET',
        headers: { Authorization: `Bearer ${await tokenOf(ctx)}` },
      });
      return googleReport(answer);
    },
    schedule: (ctx) => ({
      firstSeconds: positive(
        setting(ctx.env, 'GOOGLE_STATUS_DELAY_SECONDS'),
        defaultFirstCheckSeconds,
      ),
      maxChecks: Math.max(
        1,
        positive(setting(ctx.env, 'GOOGLE_STATUS_MAX_CHECKS'), defaultMaxChecks),
      ),
    }),
  },
};

const stageActions = {
  booked: 'GOOGLE_ADS_BOOKED_CONVERSION_ACTION_ID',
  completed: 'GOOGLE_ADS_COMPLETED_CONVERSION_ACTION_ID',
} as const;

function googleStage(stage: ConversionStage): StageConversionChannel {
  const name = stageConversionName('google', stage);
  return {
    name,
    platform: 'google',
    stage,
    retryWindowMs: clickWindowMs,
    decide(lead, ctx) {
      const decision = decideStage(key, stage, lead, ctx, {
        has: adIdentifiersOf(lead) !== undefined,
        ids: clickIds,
      });
      if (decision.kind !== 'send') return decision;
      if (!setting(ctx.env, stageActions[stage])) {
        return {
          kind: 'skip',
          reason: `${stageLabels[stage]}のコンバージョンアクションが未設定（${stageActions[stage]}）`,
        };
      }
      return pastClickWindow(lead, stageTime(lead, name)) ? pastWindow : decision;
    },
    async send(lead, ctx) {
      const conversionActionId = setting(ctx.env, stageActions[stage]);
      if (!conversionActionId) throw new Error(`Google: ${stageActions[stage]} is not set`);
      const yen = completedYen(lead);
      if (stage === 'completed' && yen === undefined) throw nothingCompletedNow();
      const conversion: GoogleConversion = {
        transactionId: stageEventId(lead, stage),
        eventTimestamp: stageTime(lead, name),
        // 完了 happens at the shop; the booking is agreed on the phone or at the counter.
        eventSource: stage === 'completed' ? 'IN_STORE' : 'OTHER',
        ...(stage === 'completed' && { yen }),
      };
      return sendToGoogle(lead, ctx, { conversionActionId, conversion });
    },
    followUp: googleChannel.followUp,
  };
}

export const google = {
  ...key,
  options: [
    ...Object.values(stageActions),
    'GOOGLE_VALIDATE_ONLY',
    'GOOGLE_ADS_LOGIN_CUSTOMER_ID',
    'GOOGLE_STATUS_DELAY_SECONDS',
    'GOOGLE_STATUS_MAX_CHECKS',
  ],
  endpoints: {
    GOOGLE_DATA_MANAGER_ENDPOINT: 'https://datamanager.googleapis.com/v1/events:ingest',
    GOOGLE_OAUTH_TOKEN_ENDPOINT: 'https://oauth2.googleapis.com/token',
  },
  lead: googleChannel,
  stages: { booked: googleStage('booked'), completed: googleStage('completed') },
} as const satisfies AdPlatform;
