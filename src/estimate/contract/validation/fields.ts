// valibot field builders. Check order decides the message: only a field's first is shown.
import * as v from 'valibot';
import { isRecord } from '../../../lib/isRecord';
import { japaneseDate } from '../../../lib/peopleFormats';
import { isRealDate } from '../../../lib/tokyoTime';
import { isoDate, preferredDateBounds, preferredDateMaxMonths } from '../dates';
import { messages } from './messages';
import { textLength } from './normalize';

type StringRule = v.GenericSchema<string, string>;

/** A missing value gets the empty message; `rule` is a schema so it is skipped once empty. */
export function required(
  normalize: (value: string) => string,
  emptyMessage: string,
  rule: StringRule = v.string(),
) {
  return v.pipe(v.string(emptyMessage), v.transform(normalize), v.minLength(1, emptyMessage), rule);
}

/** null counts as not given: react-hook-form reports an unchecked radio group as null. */
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

// Average code points per visible character (a family emoji is 5-7): 'A' + 9,000 marks is one.
const codePointsPerChar = 8;

function reportedLength(value: string): number {
  return Math.max(textLength(value), Math.ceil(Array.from(value).length / codePointsPerChar));
}

/** Caps graphemes and code points; the message gives the limit and the count: no silent cut. */
export function maxChars(label: string, max: number) {
  return v.check<string, (issue: v.CheckIssue<string>) => string>(
    // Code points first: segmenting a huge run of marks is the slow part.
    (value) => Array.from(value).length <= max * codePointsPerChar && textLength(value) <= max,
    (issue) => messages.maxLength(label, max, reportedLength(issue.input)),
  );
}

export function integerIn(min: number, max: number, message: string) {
  return v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, message),
    v.transform(Number),
    v.check((n) => n >= min && n <= max, message),
    v.transform(String),
  );
}

export function choice(values: readonly string[], message: string) {
  return v.pipe(
    v.string(),
    v.check((value) => values.includes(value), message),
  );
}

/** Read when validating, so the range follows Japan's calendar. */
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

/** "2026/6/1" is accepted too. */
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

/** Unlike v.object, refuses arrays, and a missing key gets its field's own message. */
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
