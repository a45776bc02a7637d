// The stages' names and what a change takes, apart from stages.ts so the stage form's schema
// (forms/stage.ts), which stages.ts runs, can name them without an import cycle.

export const stageNames = ['new', 'contacted', 'booked', 'completed', 'lost', 'excluded'] as const;
export type Stage = (typeof stageNames)[number];
export type ChangedStage = Exclude<Stage, 'new'>;

export const stageLabels: Record<Stage, string> = {
  new: '新規',
  contacted: '連絡済み',
  booked: '予約確定',
  completed: '完了',
  lost: '失注',
  excluded: '対象外',
};

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
};
