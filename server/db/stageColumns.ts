import type { CurrentStage, Stage } from '../staff/stages';

/** The lead row's copy of its last change (migration 0006), read by every query of a lead. */
export type StageColumns = {
  stage: Stage;
  stage_changed_at: string | null;
  progress: number;
  booked_for: string | null;
  shop: string | null;
  amount: number | null;
};

export const stageColumnNames = 'stage, stage_changed_at, progress, booked_for, shop, amount';

type DetailColumns = Pick<StageColumns, 'booked_for' | 'shop' | 'amount'>;

/** A change's details, as a row of leads or of lead_stages keeps them (NULL when not given). */
export function stageDetailsOf(
  record: DetailColumns,
): Pick<CurrentStage, 'bookedFor' | 'shop' | 'amount'> {
  return {
    ...(record.booked_for !== null && { bookedFor: record.booked_for }),
    ...(record.shop !== null && { shop: record.shop }),
    ...(record.amount !== null && { amount: record.amount }),
  };
}

export function currentOf(record: StageColumns): CurrentStage {
  return {
    stage: record.stage,
    changedAt: record.stage_changed_at,
    progress: record.progress,
    ...stageDetailsOf(record),
  };
}
