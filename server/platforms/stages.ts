// 予約確定 and 完了 as conversions: a stage change sets off one channel per platform and stage,
// for a lead the platform's ad brought and whose visitor agreed. Each is sent once per lead and
// stage: platforms deduplicate by `<lead>-<stage>`; a correction is not sent (decision 020).
import type { ConversionPlatform } from '../../src/content/externalTransmission';
import { NothingToSend, type ChannelDecision } from '../delivery/channel';
import { platformLabels } from './clicks';
import type { StoredLead } from '../leads/store';
import { stageLabels, type Stage } from '../staff/stageNames';
import {
  conversionStages,
  decideConversion,
  type ConversionContext,
  type ConversionStage,
  type PlatformKey,
  type StageConversionChannel,
} from './platform';

export function isConversionStage(stage: Stage): stage is ConversionStage {
  return (conversionStages as readonly Stage[]).includes(stage);
}

/** e.g. `googleCompleted`: stable, in the store, the CSV's headers and the re-send route. */
export function stageConversionName(platform: ConversionPlatform, stage: ConversionStage): string {
  return `${platform}${stage[0]!.toUpperCase()}${stage.slice(1)}`;
}

export function stageEventId(lead: Pick<StoredLead, 'id'>, stage: ConversionStage): string {
  return `${lead.id}-${stage}`;
}

/** When the stage was recorded: the channel's decision (made then), else the lead's stage. */
export function stageTime(lead: StoredLead, name: string): string {
  const decided = lead.deliveries?.find((delivery) => delivery.channel === name)?.decidedAt;
  return decided ?? lead.stage?.changedAt ?? lead.receivedAt;
}

/** 完了's amount (yen, tax included), while the lead stands at 完了. */
export function completedYen(lead: StoredLead): number | undefined {
  return lead.stage?.stage === 'completed' ? lead.stage.amount : undefined;
}

/** A 完了 changed (to 失注, say) before its turn came: nothing to tell the platform. */
export function nothingCompletedNow(): NothingToSend {
  return new NothingToSend('完了ではなくなったため送信なし');
}

function reached(lead: StoredLead, stage: ConversionStage): boolean {
  return stage === 'booked'
    ? (lead.stage?.progress ?? 0) >= 2
    : lead.stage?.stage === 'completed' && completedYen(lead) !== undefined;
}

/** The lead conversion's checks (configured, no spam, agreed), then the platform's click. */
export function decideStage(
  platform: PlatformKey,
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
      reason: `${platformLabels[platform.id]}のクリックなし（${clicked.ids}）`,
    };
  }
  return { kind: 'send' };
}

/** A platform told nothing of a stage (docs/tracking.md says why): its channels skip, saying so. */
export function declaredStages(
  platform: PlatformKey,
  reason: string,
  clicked: { has: (lead: StoredLead) => boolean; ids: string },
): Record<ConversionStage, StageConversionChannel> {
  const channel = (stage: ConversionStage): StageConversionChannel => ({
    name: stageConversionName(platform.id, stage),
    platform: platform.id,
    stage,
    decide(lead, ctx) {
      const decision = decideStage(platform, stage, lead, ctx, {
        has: clicked.has(lead),
        ids: clicked.ids,
      });
      return decision.kind === 'send' ? { kind: 'skip', reason } : decision;
    },
    // Never decided `send`: a re-send after a change of mind finds nothing to send.
    send: () => Promise.reject(new Error(reason)),
  });
  return { booked: channel('booked'), completed: channel('completed') };
}
