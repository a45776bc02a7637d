/**
 * A lead's stages in the shop's work: 新規 → 連絡済み → 予約確定 → 完了, or 失注 / 対象外. The history
 * only grows: a correction is one more change, and the current stage is the last one.
 */
import * as v from 'valibot';
import { normalizeText } from '../../src/estimate/contract/validation/normalize';
import { isRealDate, tokyoOffset } from '../../src/lib/tokyoTime';

/**
 * The one list of stages: the labels, the stage form's choices, the funnel's steps (its SQL,
 * db/staff.ts, and its tables, funnel.tsx). `step` puts a stage on the funnel: a lead counts there
 * once it reached the step (progress), except the last, which counts the leads standing there now
 * (a 完了 later marked 失注 is no sale) and carries the amount.
 */
export const stages = [
  { name: 'new', label: '新規' },
  { name: 'contacted', label: '連絡済み', step: 1 },
  { name: 'booked', label: '予約確定', step: 2 },
  { name: 'completed', label: '完了', step: 3 },
  { name: 'lost', label: '失注' },
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
};

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

/** A 失注 or 対象外 keeps the step the lead had reached; a step forward (or back) is its own. */
export function progressAfter(before: CurrentStage, stage: ChangedStage): number {
  return funnelSteps.find((step) => step.name === stage)?.step ?? before.progress;
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

const messages = {
  stage: '段階を選んでください（連絡済み・予約確定・完了・失注・対象外）。',
  bookedFor: '予約確定には入庫日時が必要です（例: 2027-01-20T10:00）。',
  bookedForFormat: '入庫日時は「2027-01-20T10:00」の形で、実在する日時を入力してください。',
  shop: '予約確定には店舗が必要です。',
  amount: '完了には請求金額（円・税込）が必要です。',
  amountFormat: '請求金額は0以上の整数（円・税込）で入力してください。',
  lostReason: '失注の理由を入力してください。',
  excludedReason: '対象外の理由を選んでください（いたずら・重複）。',
  tooLong: (max: number) => `${max}文字以内で入力してください。`,
  body: '送信内容を読み取れませんでした。',
} as const;

const localDateTime =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;
const tokyoMs = 9 * 3600_000;

/** Any ISO 8601 date-time, read as Tokyo time when it names no offset; null when not real. */
function tokyoBooking(value: string): string | null {
  const match = localDateTime.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as number[];
  if (!isRealDate(year!, month!, day!) || hour! > 23 || minute! > 59) return null;
  const offset = match[7];
  const iso = `${match.slice(1, 4).join('-')}T${match[4]}:${match[5]}:${match[6] ?? '00'}`;
  const at = Date.parse(`${iso}${offset ?? tokyoOffset}`);
  if (!Number.isFinite(at)) return null;
  return `${new Date(at + tokyoMs).toISOString().slice(0, 16)}${tokyoOffset}`;
}

const textMax = { shop: 100, reason: 200 } as const;

const bodySchema = v.looseObject({
  stage: v.unknown(),
  bookedFor: v.optional(v.unknown()),
  shop: v.optional(v.unknown()),
  amount: v.optional(v.unknown()),
  reason: v.optional(v.unknown()),
});

function optionalText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = normalizeText(value);
  return text === '' ? undefined : text;
}

/** An integer from JSON, or the digits a form posts ("54,321" and full width too). */
function yen(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const digits = value.normalize('NFKC').replace(/[,\s円]/g, '');
  return /^\d{1,12}$/.test(digits) ? Number(digits) : null;
}

export type ParsedStage =
  { ok: true; input: StageInput } | { ok: false; errors: Record<string, string> };

/** The staff API's JSON and the stage form's post, judged alike; every message in Japanese. */
export function parseStageInput(body: unknown): ParsedStage {
  const parsed = v.safeParse(bodySchema, body);
  if (!parsed.success) return { ok: false, errors: { form: messages.body } };
  const raw = parsed.output;
  const errors: Record<string, string> = {};
  const stage = raw.stage;
  if (!isStage(stage) || stage === 'new') return { ok: false, errors: { stage: messages.stage } };
  const input: StageInput = { stage };
  const shop = optionalText(raw.shop);
  const reason = optionalText(raw.reason);
  if (stage === 'booked') {
    const text = typeof raw.bookedFor === 'string' ? raw.bookedFor : '';
    const bookedFor = text.trim() === '' ? undefined : tokyoBooking(text);
    if (bookedFor === undefined) errors.bookedFor = messages.bookedFor;
    else if (bookedFor === null) errors.bookedFor = messages.bookedForFormat;
    else input.bookedFor = bookedFor;
    if (!shop) errors.shop = messages.shop;
    else if ([...shop].length > textMax.shop) errors.shop = messages.tooLong(textMax.shop);
    else input.shop = shop;
  }
  if (stage === 'completed') {
    const amount = yen(raw.amount);
    if (amount === undefined) errors.amount = messages.amount;
    else if (amount === null) errors.amount = messages.amountFormat;
    else input.amount = amount;
  }
  if (stage === 'lost') {
    if (!reason) errors.reason = messages.lostReason;
    else if ([...reason].length > textMax.reason) errors.reason = messages.tooLong(textMax.reason);
    else input.reason = reason;
  }
  if (stage === 'excluded') {
    if (!reason || !(excludedReasons as readonly string[]).includes(reason)) {
      errors.reason = messages.excludedReason;
    } else input.reason = reason;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}

/** What a change asks the store to write, with the fingerprint of what was sent under its key. */
export type NewStageChange = StageInput & {
  leadId: string;
  at: string;
  actor: string;
  progress: number;
  idempotencyKey: string | null;
  requestHash: string | null;
};
