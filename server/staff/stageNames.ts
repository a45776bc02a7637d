// Apart from stages.ts: the stage form's schema, which stages.ts runs, names them without a cycle.

// The one list of stages. `step` puts a stage on the funnel: a lead counts there once it reached
// the step, except the last, which counts the leads standing there now (a 完了 then 失注 is no sale).
const stages = [
  { name: 'new', label: '新規' },
  { name: 'contacted', label: '連絡済み', step: 1 },
  { name: 'booked', label: '予約確定', step: 2 },
  { name: 'completed', label: '完了', step: 3 },
  { name: 'lost', label: '失注', ended: true },
  /** Booked, and the visitor did not come (issue: reminded before the day). */
  { name: 'noShow', label: '来店なし', ended: true },
  /** Not a customer at all (いたずら・重複): left out of the funnel. */
  { name: 'excluded', label: '対象外', uncounted: true },
] as const;

export type Stage = (typeof stages)[number]['name'];
export type ChangedStage = Exclude<Stage, 'new'>;
export const stageNames: readonly Stage[] = stages.map((stage) => stage.name);

export const stageLabels = Object.fromEntries(
  stages.map((stage) => [stage.name, stage.label]),
) as Record<Stage, string>;

type Stepped = Extract<(typeof stages)[number], { step: number }>;
export type FunnelStep = Stepped['name'];
export const funnelSteps: readonly Stepped[] = stages.filter(
  (stage): stage is Stepped => 'step' in stage,
);
/** The funnel's last step: the 車検 done, with its amount. */
export const doneStep = funnelSteps.at(-1)!.name;
/** Where a lead ends without a sale: the funnel counts each beside its steps. */
type Ended = Extract<(typeof stages)[number], { ended: true }>;
export type EndedStage = Ended['name'];
export const endedStages: readonly Ended[] = stages.filter(
  (stage): stage is Ended => 'ended' in stage,
);

export const uncountedStages: readonly Stage[] = stages
  .filter((stage) => 'uncounted' in stage)
  .map((stage) => stage.name);

export const excludedReasons = ['いたずら', '重複'] as const;

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (stageNames as readonly string[]).includes(value);
}

export type StageInput = {
  stage: ChangedStage;
  /** Tokyo time, `YYYY-MM-DDTHH:MM+09:00`. */
  bookedFor?: string;
  shop?: string;
  /** Yen, tax included. */
  amount?: number;
  reason?: string;
  /** At 完了: the next 車検満了日, YYYY-MM-DD (the 次回車検のご案内's date). */
  nextExpiry?: string;
};
