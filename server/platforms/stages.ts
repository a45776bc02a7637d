/**
 * 予約確定 and 完了 as conversions (issue 38, item 6): channels a stage change sets off
 * (stageChange.ts), one per platform and stage, for a lead the platform's ad brought and whose
 * visitor agreed to the provision. Each is sent once per lead and stage: the id each platform
 * deduplicates by is `<lead>-<stage>`, and a later correction of the stage is not sent again
 * (docs/tracking.md, 予約確定・完了の送信). Read 2026-11-26:
 * - Google: the Data Manager API's offline conversions,
 *   https://developers.google.com/data-manager/api/devguides/events/google-ads/offline, an action per
 *   stage; the click must be within 90 days.
 * - Meta: the Conversions API's offline events (action_source physical_store),
 *   https://developers.facebook.com/docs/marketing-api/conversions-api/offline-events; event_time
 *   up to 7 days old (parameters/server-event).
 * - LINEヤフー and LINE: not sent; the reason is each channel's skipped state.
 */
import type { ConversionPlatform } from '../../src/content/externalTransmission';
import { stageLabels, type Stage } from '../staff/stages';
import type { StoredLead } from '../leads/store';
import {
  cookieValue,
  dayMs,
  decideConversion,
  trackingValue,
  type ConversionChannel,
  type ConversionContext,
} from './platform';
import { platformLabels } from './clicks';
import { adIdentifiersOf, googleChannel, sendToGoogle } from './google';
import { fbcOf, metaUserData, sendToMeta } from './meta';
import { NothingToSend, type ChannelDecision } from '../delivery/channel';

/** A 完了 changed (to 失注, say) before its turn came: nothing to tell the platform. */
const notCompletedNow = '完了ではなくなったため送信なし';

const conversionStages = ['booked', 'completed'] as const satisfies readonly Stage[];
export type ConversionStage = (typeof conversionStages)[number];

export function isConversionStage(stage: Stage): stage is ConversionStage {
  return (conversionStages as readonly Stage[]).includes(stage);
}

export type StageConversionChannel = ConversionChannel & { readonly stage: ConversionStage };

/** e.g. `googleCompleted`: stable, in the store, the CSV's headers and the re-send route. */
function stageConversionName(platform: ConversionPlatform, stage: ConversionStage): string {
  return `${platform}${stage[0]!.toUpperCase()}${stage.slice(1)}`;
}

/** The id the platform deduplicates the event by: one per lead and stage. */
function stageEventId(lead: Pick<StoredLead, 'id'>, stage: ConversionStage): string {
  return `${lead.id}-${stage}`;
}

/** When the stage was recorded: the channel's decision (made then), else the lead's stage. */
function stageTime(lead: StoredLead, name: string): string {
  const decided = lead.deliveries?.find((delivery) => delivery.channel === name)?.decidedAt;
  return decided ?? lead.stage?.changedAt ?? lead.receivedAt;
}

/** 完了's amount (yen, tax included), while the lead stands at 完了. */
function completedYen(lead: StoredLead): number | undefined {
  return lead.stage?.stage === 'completed' ? lead.stage.amount : undefined;
}

function reached(lead: StoredLead, stage: ConversionStage): boolean {
  return stage === 'booked'
    ? (lead.stage?.progress ?? 0) >= 2
    : lead.stage?.stage === 'completed' && completedYen(lead) !== undefined;
}

/**
 * What every stage conversion asks first (as the lead's own conversion: configured, no spam,
 * agreed), then that the platform's ad brought the lead (`clicked`).
 */
function decideStage(
  platform: ConversionPlatform,
  stage: ConversionStage,
  lead: StoredLead,
  ctx: ConversionContext,
  clicked: { has: boolean; ids: string },
): ChannelDecision {
  const first = decideConversion(platform, lead, ctx, { has: true, missing: '' });
  if (first.kind !== 'send') return first;
  if (!reached(lead, stage)) return { kind: 'skip', reason: `${stageLabels[stage]}ではありません` };
  if (!clicked.has) {
    return {
      kind: 'skip',
      reason: `${platformLabels[platform]}のクリックなし（${clicked.ids}）`,
    };
  }
  return { kind: 'send' };
}

const googleActions = {
  booked: 'GOOGLE_ADS_BOOKED_CONVERSION_ACTION_ID',
  completed: 'GOOGLE_ADS_COMPLETED_CONVERSION_ACTION_ID',
} as const;

/** Google Ads takes a click's conversion up to 90 days after the click (the lead's visit). */
const googleWindowMs = 89 * dayMs;

function googleStage(stage: ConversionStage): StageConversionChannel {
  const name = stageConversionName('google', stage);
  return {
    name,
    platform: 'google',
    stage,
    retryWindowMs: googleWindowMs,
    decide(lead, ctx) {
      const decision = decideStage('google', stage, lead, ctx, {
        has: adIdentifiersOf(lead) !== undefined,
        ids: 'gclid・gbraid・wbraid',
      });
      if (decision.kind !== 'send') return decision;
      if (!ctx.env[googleActions[stage]]?.trim()) {
        return {
          kind: 'skip',
          reason: `${stageLabels[stage]}のコンバージョンアクションが未設定（${googleActions[stage]}）`,
        };
      }
      if (Date.parse(stageTime(lead, name)) - Date.parse(lead.receivedAt) > googleWindowMs) {
        return {
          kind: 'skip',
          reason: 'クリックから90日を過ぎています（Google 広告の取り込み期限）',
        };
      }
      return decision;
    },
    async send(lead, ctx) {
      const conversionActionId = ctx.env[googleActions[stage]]?.trim();
      if (!conversionActionId) throw new Error(`Google: ${googleActions[stage]} is not set`);
      const yen = completedYen(lead);
      if (stage === 'completed' && yen === undefined) throw new NothingToSend(notCompletedNow);
      return sendToGoogle(lead, ctx, {
        conversionActionId,
        conversion: {
          transactionId: stageEventId(lead, stage),
          eventTimestamp: stageTime(lead, name),
          // 完了 happens at the shop; the booking is agreed on the phone or at the counter.
          eventSource: stage === 'completed' ? 'IN_STORE' : 'OTHER',
          ...(stage === 'completed' && { yen }),
        },
      });
    },
    followUp: googleChannel.followUp,
  };
}

/** Meta's standard events: Schedule (an appointment booked at a location), Purchase (paid). */
const metaEventNames = { booked: 'Schedule', completed: 'Purchase' } as const;

/** Meta refuses an event_time more than 7 days old; stop an hour before. */
const metaWindowMs = 7 * dayMs - 60 * 60 * 1000;

/** @internal The request body without the token; exported for the payload's tests. */
export async function metaStageEvent(
  lead: StoredLead,
  stage: ConversionStage,
  options: { testEventCode?: string } = {},
): Promise<Record<string, unknown>> {
  const yen = completedYen(lead);
  return {
    data: [
      {
        event_name: metaEventNames[stage],
        event_time: Math.floor(
          Date.parse(stageTime(lead, stageConversionName('meta', stage))) / 1000,
        ),
        event_id: stageEventId(lead, stage),
        action_source: 'physical_store',
        user_data: await metaUserData(lead),
        ...(stage === 'completed' &&
          yen !== undefined && {
            custom_data: { value: yen, currency: 'JPY' },
          }),
      },
    ],
    ...(options.testEventCode && { test_event_code: options.testEventCode }),
  };
}

function metaStage(stage: ConversionStage): StageConversionChannel {
  const name = stageConversionName('meta', stage);
  return {
    name,
    platform: 'meta',
    stage,
    retryWindowMs: metaWindowMs,
    windowStart: (lead) => stageTime(lead, name),
    decide(lead, ctx) {
      const decision = decideStage('meta', stage, lead, ctx, {
        has: fbcOf(lead) !== undefined,
        ids: 'fbclid・_fbc',
      });
      if (decision.kind !== 'send') return decision;
      if (ctx.now().getTime() - Date.parse(stageTime(lead, name)) > metaWindowMs) {
        return {
          kind: 'skip',
          reason: `${stageLabels[stage]}から7日を過ぎています（Metaの受付期限）`,
        };
      }
      return decision;
    },
    async send(lead, ctx) {
      if (stage === 'completed' && completedYen(lead) === undefined) {
        throw new NothingToSend(notCompletedNow);
      }
      return sendToMeta(ctx, (testEventCode) => metaStageEvent(lead, stage, { testEventCode }));
    },
  };
}

/** Why LINEヤフー and LINE are told nothing of a stage (docs/tracking.md gives the sources). */
const notSentReasons = {
  yahoo:
    'LINEヤフーのコンバージョンAPIはサイト上の成果（action_source: web）だけを受け付けるため、予約確定・完了は送りません',
  line: 'LINEのコンバージョンAPIは届いた時点を成果の日時とし、後日の来店の成果を送る方法がないため、予約確定・完了は送りません',
} as const;

const clickIds = {
  yahoo: {
    has: (lead: StoredLead) => Boolean(trackingValue(lead, 'yclid') ?? cookieValue(lead, '_ly_c')),
    ids: 'yclid・_ly_c',
  },
  line: { has: (lead: StoredLead) => Boolean(trackingValue(lead, 'ldtag_cl')), ids: 'ldtag_cl' },
} as const;

function declaredStage(platform: 'yahoo' | 'line', stage: ConversionStage): StageConversionChannel {
  return {
    name: stageConversionName(platform, stage),
    platform,
    stage,
    decide(lead, ctx) {
      const decision = decideStage(platform, stage, lead, ctx, {
        has: clickIds[platform].has(lead),
        ids: clickIds[platform].ids,
      });
      return decision.kind === 'send'
        ? { kind: 'skip', reason: notSentReasons[platform] }
        : decision;
    },
    // Never decided `send`: a re-send after a change of mind finds nothing to send.
    send: () => Promise.reject(new Error(notSentReasons[platform])),
  };
}

export const stageConversionChannels: readonly StageConversionChannel[] = conversionStages.flatMap(
  (stage) => [
    googleStage(stage),
    metaStage(stage),
    declaredStage('yahoo', stage),
    declaredStage('line', stage),
  ],
);

/** The channels a lead's first arrival at `stage` sets off; none when it was there before. */
export function stageConversionNames(stage: ConversionStage): string[] {
  return stageConversionChannels
    .filter((channel) => channel.stage === stage)
    .map((channel) => channel.name);
}
