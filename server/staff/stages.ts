// 新規 → 連絡済み → 予約確定 → 完了, or 失注 / 対象外. The history only grows: a correction is one
// more change, and the current stage is the last one.
import { stageChangeSchema } from './forms/stage';
import { parseWith } from './forms/result';
import { funnelSteps, type ChangedStage, type Stage, type StageInput } from './stageNames';

export {
  doneStep,
  endedStages,
  excludedReasons,
  funnelSteps,
  isStage,
  stageLabels,
  stageNames,
  uncountedStages,
  type ChangedStage,
  type EndedStage,
  type FunnelStep,
  type Stage,
  type StageInput,
} from './stageNames';

export type StageChange = StageInput & {
  seq: number;
  leadId: string;
  /** ISO 8601, UTC. */
  at: string;
  actor: string;
  progress: number;
};

/** Where a lead stands now: its last change, or 新規. */
export type CurrentStage = {
  stage: Stage;
  changedAt: string | null;
  progress: number;
  bookedFor?: string;
  shop?: string;
  amount?: number;
};

const newStage: CurrentStage = { stage: 'new', changedAt: null, progress: 0 };

/**
 * A step forward (or back) is its own; a 失注 or 対象外 keeps the step the lead had reached, null:
 * the store reads it from the last change as it writes (a 完了 racing a 失注 is not lost).
 */
export function progressAfter(stage: ChangedStage): number | null {
  return funnelSteps.find((step) => step.name === stage)?.step ?? null;
}

export function currentStage(history: readonly StageChange[]): CurrentStage {
  const last = history.at(-1);
  if (!last) return newStage;
  return {
    stage: last.stage,
    changedAt: last.at,
    progress: last.progress,
    ...(last.bookedFor !== undefined && { bookedFor: last.bookedFor }),
    ...(last.shop !== undefined && { shop: last.shop }),
    ...(last.amount !== undefined && { amount: last.amount }),
  };
}

export type ParsedStage =
  { ok: true; input: StageInput } | { ok: false; errors: Record<string, string> };

/** The staff API's JSON and the stage form's post, judged alike; every message in Japanese. */
export function parseStageInput(body: unknown, now: Date): ParsedStage {
  const parsed = parseWith(stageChangeSchema(now), body);
  return parsed.ok ? { ok: true, input: parsed.value } : parsed;
}

/** What a stage does to the lead's online booking: 予約確定 of its slot confirms it; another
 * booking, 失注 or 対象外 frees the slot. */
export type BookingEffect = 'confirm' | 'release';

/** What a change asks the store to write, with the fingerprint of what was sent under its key. */
export type NewStageChange = StageInput & {
  booking?: BookingEffect;
  leadId: string;
  at: string;
  actor: string;
  progress: number | null;
  idempotencyKey: string | null;
  requestHash: string | null;
};
