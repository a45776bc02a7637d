// The staff API's JSON body and the stage form's post go through one schema. As before, only the
// chosen stage's fields are read, and a text that is not a string reads as not given.
import { nextExpiryLabel } from '../../../src/estimate/contract/guideConsent';
import * as v from 'valibot';
import { normalizeText } from '../../../src/estimate/contract/validation/normalize';
import { isRecord } from '../../../src/lib/isRecord';
import { isRealDate, tokyoOffset, tokyoToday } from '../../../src/lib/tokyoTime';
import {
  excludedReasons,
  stageLabels,
  stageNames,
  type ChangedStage,
  type StageInput,
} from '../stageNames';
import { parseWith, unreadableBody, type FormResult } from './result';

/** Ten million yen: far above any 車検, far below where a sum of them loses a yen. */
const yenMax = 10_000_000;

const changedStages = stageNames.filter((stage): stage is ChangedStage => stage !== 'new');

const messages = {
  stage: `段階を選んでください（${changedStages.map((stage) => stageLabels[stage]).join('・')}）。`,
  bookedFor: `${stageLabels.booked}には入庫日時が必要です（例: 2027-01-20T10:00）。`,
  bookedForFormat: '入庫日時は「2027-01-20T10:00」の形で、実在する日時を入力してください。',
  shop: `${stageLabels.booked}には店舗が必要です。`,
  amount: `${stageLabels.completed}には請求金額（円・税込）が必要です。`,
  amountFormat: `請求金額は0以上${yenMax.toLocaleString('ja-JP')}以下の整数（円・税込）で入力してください。`,
  bookedForRange: '入庫日時は、今日から1年以内の日時を入力してください。',
  lostReason: `${stageLabels.lost}の理由を入力してください。`,
  excludedReason: `${stageLabels.excluded}の理由を選んでください（${excludedReasons.join('・')}）。`,
  tooLong: (max: number) => `${max}文字以内で入力してください。`,
  nextExpiry: `${nextExpiryLabel}は「2028年12月5日」か「2028-12-05」の形で、実在する日付を入力してください。`,
} as const;

const localDateTime =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;
const tokyoMs = 9 * 3600_000;

/** Any ISO 8601 date-time, read as Tokyo time when it names no offset; null when not real. */
function tokyoBooking(value: string): string | null {
  const match = localDateTime.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as number[];
  if (!isRealDate(year!, month!, day!) || hour! > 23 || minute! > 59) return null;
  const offset = match[7];
  const iso = `${match.slice(1, 4).join('-')}T${match[4]}:${match[5]}:${match[6] ?? '00'}`;
  const at = Date.parse(`${iso}${offset ?? tokyoOffset}`);
  if (!Number.isFinite(at)) return null;
  return `${new Date(at + tokyoMs).toISOString().slice(0, 16)}${tokyoOffset}`;
}

/** An integer from JSON, or the digits a form posts ("54,321" and full width too). */
function yen(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number =
    typeof value === 'string' ? value.normalize('NFKC').replace(/[,\s円]/g, '') : value;
  if (typeof number === 'string' && !/^\d{1,8}$/.test(number)) return null;
  const yen = Number(number);
  return typeof number !== 'boolean' && Number.isInteger(yen) && yen >= 0 && yen <= yenMax
    ? yen
    : null;
}

const given = v.pipe(
  v.unknown(),
  v.transform((value) => (typeof value === 'string' ? normalizeText(value) : '')),
);

/** Counted in code points, as the stored limits always were. */
function text(emptyMessage: string, max: number) {
  return v.pipe(
    given,
    v.minLength(1, emptyMessage),
    v.check((value) => [...value].length <= max, messages.tooLong(max)),
  );
}

/** From today to the same day a year on, by Tokyo's calendar. */
function bookingDays(now: Date): { first: string; last: string } {
  const first = tokyoToday(now);
  return { first, last: `${Number(first.slice(0, 4)) + 1}${first.slice(4)}` };
}

const bookedFor = (now: Date) =>
  v.pipe(
    given,
    v.minLength(1, messages.bookedFor),
    v.rawTransform<string, string>(({ dataset, addIssue, NEVER }) => {
      const at = tokyoBooking(dataset.value);
      const { first, last } = bookingDays(now);
      const day = at?.slice(0, 10) ?? '';
      if (at !== null && day >= first && day <= last) return at;
      addIssue({ message: at === null ? messages.bookedForFormat : messages.bookedForRange });
      return NEVER;
    }),
  );

const amount = v.pipe(
  v.unknown(),
  v.rawTransform<unknown, number>(({ dataset, addIssue, NEVER }) => {
    const value = yen(dataset.value);
    if (typeof value === 'number') return value;
    addIssue({ message: value === undefined ? messages.amount : messages.amountFormat });
    return NEVER;
  }),
);

/** 2028-12-05, 2028/12/5 or 2028年12月5日 → 2028-12-05; blank is not given (完了 sets a default). */
const nextExpiry = v.pipe(
  given,
  v.rawTransform<string, string | undefined>(({ dataset, addIssue, NEVER }) => {
    if (dataset.value === '') return undefined;
    const match = /^(\d{4})[-/年](\d{1,2})[-/月](\d{1,2})日?$/.exec(dataset.value);
    const [year, month, day] = (match?.slice(1) ?? []).map(Number) as number[];
    if (match && isRealDate(year!, month!, day!)) {
      return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    }
    addIssue({ message: messages.nextExpiry });
    return NEVER;
  }),
);

const stageChange = (now: Date) =>
  v.variant(
    'stage',
    [
      v.object({ stage: v.literal('contacted') }),
      v.object({
        stage: v.literal('booked'),
        bookedFor: bookedFor(now),
        shop: text(messages.shop, 100),
      }),
      v.object({ stage: v.literal('completed'), amount, nextExpiry }),
      v.object({ stage: v.literal('lost'), reason: text(messages.lostReason, 200) }),
      v.object({ stage: v.literal('noShow') }),
      v.object({
        stage: v.literal('excluded'),
        reason: v.pipe(given, v.picklist(excludedReasons, messages.excludedReason)),
      }),
    ],
    messages.stage,
  );

const bodyKeys = ['stage', 'bookedFor', 'shop', 'amount', 'reason', 'nextExpiry'] as const;

/**
 * Only own keys are read, and a missing one reads as not given (its field's own message). `now`:
 * the clock a booking's day is judged by.
 */
export const stageChangeSchema = (now: Date) =>
  v.pipe(
    v.custom<Record<string, unknown>>(isRecord, unreadableBody),
    v.transform(
      (body) =>
        Object.fromEntries(
          bodyKeys.map((key) => [key, Object.hasOwn(body, key) ? body[key] : undefined]),
        ) as v.InferInput<ReturnType<typeof stageChange>>,
    ),
    stageChange(now),
  );

/** The stage form's post, whose 対象外 reason is the `excludedReason` select. */
export function parseStageForm(fields: unknown, now: Date): FormResult<StageInput> {
  const schema = stageChangeSchema(now);
  if (!isRecord(fields) || fields.stage !== 'excluded') return parseWith(schema, fields);
  const parsed = parseWith(schema, { ...fields, reason: fields.excludedReason });
  if (parsed.ok) return parsed;
  const { reason, ...errors } = parsed.errors;
  return {
    ok: false,
    errors: reason === undefined ? errors : { ...errors, excludedReason: reason },
  };
}
