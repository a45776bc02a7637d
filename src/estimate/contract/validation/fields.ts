/**
 * Field builders of the estimate schemas (valibot). Each reproduces one rule of the form: the
 * order of checks decides which message a visitor sees, since only the first one per field is
 * shown (fieldErrors in estimateSchema.ts, and the form's resolver alike).
 */
import * as v from 'valibot';
import { isRecord } from '../../../lib/isRecord';
import { isRealDate } from '../../../lib/tokyoTime';
import { isoDate, preferredDateBounds, preferredDateMaxMonths } from '../dates';
import { messages } from './messages';
import { textLength } from './normalize';

type StringRule = v.GenericSchema<string, string>;

/**
 * A required string: normalised, then "empty" reported once with `emptyMessage`, then `rule`.
 * A missing or non-string value (a tampered request) gets the same message as an empty one.
 * `rule` is a schema, not a list of actions, so that it is skipped once the value is empty.
 */
export function required(
  normalize: (value: string) => string,
  emptyMessage: string,
  rule: StringRule = v.string(),
) {
  return v.pipe(v.string(emptyMessage), v.transform(normalize), v.minLength(1, emptyMessage), rule);
}

/**
 * An optional string: empty after normalising becomes undefined, anything else meets `rule`.
 * null counts as not given: react-hook-form reports a radio group left unchecked as null.
 */
export function optional(
  normalize: (value: string) => string,
  invalidMessage: string,
  rule: StringRule = v.string(),
) {
  return v.pipe(
    v.nullish(v.string(invalidMessage)),
    v.transform((value) => normalize(value ?? '') || undefined),
    v.optional(rule),
  );
}

/**
 * Code points one visible character may take, on average over a field: a kanji with its
 * variation selector is 2, a letter with its marks a few, a family emoji 5 to 7 (👨‍👩‍👧‍👦). 'A'
 * followed by 9,000 combining marks is one grapheme, yet 9,001 code points: the cap keeps such a
 * value from passing as one character.
 */
const codePointsPerChar = 8;

/** The length to report for `value`: what the visitor sees, or what the code-point cap counts. */
function reportedLength(value: string): number {
  return Math.max(textLength(value), Math.ceil(Array.from(value).length / codePointsPerChar));
}

/**
 * At most `max` characters as the visitor sees them (grapheme clusters, textLength) and at most
 * `codePointsPerChar` × `max` code points, refused with a message that gives the limit and the
 * count now: a long paste is never cut silently.
 */
export function maxChars(label: string, max: number) {
  return v.check<string, (issue: v.CheckIssue<string>) => string>(
    // Code points first: segmenting a huge run of marks is the slow part.
    (value) => Array.from(value).length <= max * codePointsPerChar && textLength(value) <= max,
    (issue) => messages.maxLength(label, max, reportedLength(issue.input)),
  );
}

/** An integer in [min, max] written in digits, returned without leading zeros. */
export function integerIn(min: number, max: number, message: string) {
  return v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, message),
    v.transform(Number),
    v.check((n) => n >= min && n <= max, message),
    v.transform(String),
  );
}

/** One of `values` (the option lists of options.ts and dates.ts). */
export function choice(values: readonly string[], message: string) {
  return v.pipe(
    v.string(),
    v.check((value) => values.includes(value), message),
  );
}

/** A year of `years()`, read when validating so the range follows Japan's calendar. */
export function yearOf(
  years: () => readonly number[],
  message: (years: readonly number[]) => string,
) {
  return v.pipe(
    v.string(),
    v.check(
      (value) => years().map(String).includes(value),
      () => message(years()),
    ),
  );
}

/** 'yyyy-mm-dd' as 「yyyy年m月d日」. */
function japaneseDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${year}年${month}月${day}日`;
}

/**
 * A real day within preferredDateBounds (read when validating), as yyyy-mm-dd; "2026/6/1" is
 * accepted too.
 */
export function preferredDate(label: string) {
  return v.pipe(
    v.string(),
    v.rawTransform<string, string>(({ dataset, addIssue, NEVER }) => {
      const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(dataset.value);
      const [year, month, day] = match ? match.slice(1).map(Number) : [];
      if (!year || !month || !day || !isRealDate(year, month, day)) {
        addIssue({ message: messages.invalidDate(label) });
        return NEVER;
      }
      const iso = isoDate(year, month, day);
      const { min, max } = preferredDateBounds();
      if (iso < min) {
        addIssue({ message: messages.dateFromTomorrow(label) });
        return NEVER;
      }
      if (iso > max) {
        addIssue({
          message: messages.dateTooFar(label, preferredDateMaxMonths, japaneseDate(max)),
        });
        return NEVER;
      }
      return iso;
    }),
  );
}

/**
 * An object of `entries`, reporting `message` at its own path for anything but a plain object
 * (null, an array, a string). Only its own keys are read, and a missing key is validated as
 * undefined by its field, so a missing field gets the field's own message ("…を入力してください")
 * rather than the object's. Optional fields (valibot type "optional") stay absent when missing.
 */
export function record<const TEntries extends v.ObjectEntries>(entries: TEntries, message: string) {
  const keys = Object.keys(entries);
  type Input = v.InferInput<v.ObjectSchema<TEntries, undefined>>;
  return v.pipe(
    v.custom<Input>(isRecord, message),
    v.transform((input) => {
      const source = input as Record<string, unknown>;
      const own: Record<string, unknown> = {};
      for (const key of keys) {
        if (Object.hasOwn(source, key)) own[key] = source[key];
        else if (entries[key]?.type !== 'optional') own[key] = undefined;
      }
      return own as Input;
    }),
    v.object(entries, message),
  );
}
