/**
 * Validation of the estimate form and request body, shared by the modal and the local API
 * (server/api/estimates.ts), so both accept and reject exactly the same input with the same
 * Japanese messages. Values are normalised first: visitors type full-width digits, hyphens and
 * hiragana, and we store half-width digits and katakana.
 */
import { z } from 'zod';

// zod 4 probes `new Function` to compile fast parsers; under our CSP (no unsafe-eval) that probe
// is a CSP violation report on every page that opens the modal. The interpreter is fast enough.
z.config({ jitless: true });
import { brandIds, type BrandId } from '../brand/brands';
import { stripUnsafeChars } from '../lib/safeText';
import {
  cleanTrackingValue,
  trackingKeys,
  type TrackingData,
  type TrackingKey,
} from '../tracking/trackingFields';
import type { EstimateFormValues } from './formValues';
import { vehicleClassIds } from '../content/legalFees';
import { contactTimeOptions, courtesyCarOptions, makers, maxLengths } from './options';
import { expiryYearOptions, firstRegistrationYearOptions, tokyoToday } from './dates';
import { entryPoints, maxRoughTotal, type EntryPoint, type EstimateQuote } from './types';

// The lists live in options.ts and dates.ts (zod-free, shared with the forms); re-exported here.
export {
  contactTimeOptions,
  courtesyCarOptions,
  expiryYearOptions,
  firstRegistrationYearOptions,
  makers,
  tokyoToday,
};

// ---------------------------------------------------------------------------------------------
// Normalisation: every text field first loses control, bidi, zero-width characters and lone
// surrogates (lib/safeText.ts, shared with the tracking cookie), so none of them is ever stored;
// a required field left empty by that gets its "…を入力してください".

/** Hyphen and dash look-alikes visitors type between digits (after NFKC), plus whitespace. */
const separators = /[\s\-‐‑‒–—―−ー]/gu;

/** NFKC and trimmed; inner runs of whitespace become one space. */
export function normalizeText(value: string): string {
  return stripUnsafeChars(value).normalize('NFKC').trim().replace(/\s+/gu, ' ');
}

/** NFKC with hyphens and spaces removed: "０９０－１２３４－５６７８" → "09012345678". */
export function normalizeDigits(value: string): string {
  return stripUnsafeChars(value).normalize('NFKC').replace(separators, '');
}

/**
 * Free text (備考) is only trimmed: NFKC would rewrite what the visitor wrote (① → 1). Its line
 * breaks (as \n) and tabs stay.
 */
export function normalizeMultiline(value: string): string {
  return stripUnsafeChars(value, { multiline: true }).trim();
}

/** Hiragana → katakana, then NFKC (half-width katakana → full-width), trimmed. */
export function normalizeKana(value: string): string {
  const katakana = value.replace(/[\u3041-\u3096]/gu, (char) =>
    String.fromCharCode(char.charCodeAt(0) + 0x60),
  );
  return normalizeText(katakana);
}

function normalizePhone(value: string): string {
  // "(03)1234-5678" is how many people write a landline.
  return normalizeDigits(value).replace(/[()]/g, '');
}

function normalizePostalCode(value: string): string {
  return normalizeDigits(value).replace(/^〒/u, '');
}

function normalizeMileage(value: string): string {
  return normalizeDigits(value).replace(/,/g, '').replace(/km$/i, '');
}

function normalizeEmail(value: string): string {
  return stripUnsafeChars(value).normalize('NFKC').replace(/\s/gu, '');
}

// ---------------------------------------------------------------------------------------------
// Dates: "today" and "this year" are Japan's, on the client and the server alike.

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

// ---------------------------------------------------------------------------------------------
// Field builders

const messages = {
  enter: (label: string) => `${label}を入力してください`,
  choose: (label: string) => `${label}を選択してください`,
  maxLength: (label: string, max: number) => `${label}は${max}文字以内で入力してください`,
  postalCode: '郵便番号は7桁の数字で入力してください',
  phone: '電話番号は市外局番から10桁または11桁で入力してください',
  email: '正しいメールアドレスを入力してください',
  kana: 'フリガナは全角カタカナで入力してください',
  consent: '個人情報の取り扱いに同意してください',
  expiryDate: '車検満了日の日付が正しくありません',
  firstRegistrationBoth: '初度登録年月は年と月の両方を選択してください',
  mileage: '走行距離は数字（km）で入力してください',
} as const;

/**
 * A required string: normalised, then "empty" reported once with `emptyMessage`, then `rule`.
 * A missing or non-string value (a tampered request) gets the same message as an empty one.
 */
function required(
  normalize: (value: string) => string,
  emptyMessage: string,
  rule: z.ZodType<string, string> = z.string(),
) {
  return z
    .string({ error: emptyMessage })
    .transform(normalize)
    .pipe(z.string().min(1, emptyMessage))
    .pipe(rule);
}

/** An optional string: empty after normalising becomes undefined, anything else meets `rule`. */
function optional(
  normalize: (value: string) => string,
  invalidMessage: string,
  rule: z.ZodType<string, string> = z.string(),
) {
  return z
    .string({ error: invalidMessage })
    .optional()
    .transform((value) => {
      const normalized = normalize(value ?? '');
      return normalized === '' ? undefined : normalized;
    })
    .pipe(rule.optional());
}

/** An integer in [min, max] written in digits, returned without leading zeros. */
function integerIn(min: number, max: number, message: string) {
  return z
    .string()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message)
    .transform(String);
}

/**
 * Normalises to the listed option the value stands for: NFKC would turn 'その他（国産車）' into
 * 'その他(国産車)', which the list does not hold, so the listed spelling is kept.
 */
function toListedOption(options: readonly string[]) {
  return (value: string) => {
    const normalized = normalizeText(value);
    return options.find((option) => normalizeText(option) === normalized) ?? normalized;
  };
}

function choice(values: readonly string[], message: string) {
  return z.string().refine((value) => values.includes(value), { error: message });
}

function dateNotInPast(label: string) {
  return z.string().transform((value, ctx) => {
    const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(value);
    const [year, month, day] = match ? match.slice(1).map(Number) : [];
    if (!year || !month || !day || !isRealDate(year, month, day)) {
      ctx.addIssue({ code: 'custom', message: `${label}の日付が正しくありません` });
      return z.NEVER;
    }
    const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (iso < tokyoToday()) {
      ctx.addIssue({ code: 'custom', message: `${label}は今日以降の日付を選択してください` });
      return z.NEVER;
    }
    return iso;
  });
}

const expiryYear = required(
  normalizeDigits,
  messages.choose('車検満了日の年'),
  z.string().superRefine((value, ctx) => {
    const years = expiryYearOptions();
    if (!years.map(String).includes(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `車検満了日の年は${years[0]}年〜${years[years.length - 1]}年から選択してください`,
      });
    }
  }),
);

const kana = (label: string) =>
  required(
    normalizeKana,
    messages.enter(label),
    z
      .string()
      .max(maxLengths.kana, messages.maxLength(label, maxLengths.kana))
      .regex(/^[ァ-ヺー ]+$/u, messages.kana),
  );

const name = (label: string) =>
  required(
    normalizeText,
    messages.enter(label),
    z.string().max(maxLengths.name, messages.maxLength(label, maxLengths.name)),
  );

// ---------------------------------------------------------------------------------------------
// Schemas

const quickShape = {
  expiryYear,
  expiryMonth: required(
    normalizeDigits,
    messages.choose('車検満了日の月'),
    integerIn(1, 12, '車検満了日の月が正しくありません'),
  ),
  expiryDay: optional(normalizeDigits, messages.expiryDate, integerIn(1, 31, messages.expiryDate)),
  maker: required(
    toListedOption(makers),
    messages.choose('メーカー'),
    choice(makers, 'メーカーを一覧から選択してください'),
  ),
  model: required(
    normalizeText,
    messages.enter('車種'),
    z.string().max(maxLengths.model, messages.maxLength('車種', maxLengths.model)),
  ),
  postalCode: required(
    normalizePostalCode,
    messages.enter('郵便番号'),
    z.string().regex(/^\d{7}$/, messages.postalCode),
  ),
};

type Fields = Record<string, unknown>;
type CrossFieldCheck = (value: Fields, ctx: z.RefinementCtx) => void;

/**
 * Cross-field checks run even while other fields are invalid (`always`), so a visitor sees the
 * message at the field they just left instead of only after fixing everything else. They then
 * see whatever was posted: null, an array, a string, fields of any type. A check only reads an
 * object's own string fields, so a tampered request gets its 422, never an exception.
 */
function crossField(...checks: CrossFieldCheck[]) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    for (const check of checks) check(value as Fields, ctx);
  };
}

const always = { when: () => true };

/** A field's value as a positive integer, when it is a string of digits. */
function digitsOf(value: Fields, key: string): number | undefined {
  const part = Object.hasOwn(value, key) ? value[key] : undefined;
  return typeof part === 'string' && /^\d{1,4}$/.test(part) ? Number(part) : undefined;
}

function isFilled(value: Fields, key: string): boolean {
  const part = Object.hasOwn(value, key) ? value[key] : undefined;
  return typeof part === 'string' && part !== '';
}

/** 日 must exist in the chosen month; checked only once year and month are themselves valid. */
const checkExpiryDate: CrossFieldCheck = (value, ctx) => {
  const year = digitsOf(value, 'expiryYear');
  const month = digitsOf(value, 'expiryMonth');
  const day = digitsOf(value, 'expiryDay');
  if (year && month && day && !isRealDate(year, month, day)) {
    ctx.addIssue({ code: 'custom', path: ['expiryDay'], message: messages.expiryDate });
  }
};

/** 初度登録年月: both year and month, or neither. */
const checkFirstRegistration: CrossFieldCheck = (value, ctx) => {
  const year = isFilled(value, 'firstRegistrationYear');
  const month = isFilled(value, 'firstRegistrationMonth');
  if (year && !month) {
    ctx.addIssue({
      code: 'custom',
      path: ['firstRegistrationMonth'],
      message: messages.firstRegistrationBoth,
    });
  } else if (month && !year) {
    ctx.addIssue({
      code: 'custom',
      path: ['firstRegistrationYear'],
      message: messages.firstRegistrationBoth,
    });
  }
};

/** The quick fields of a simple form (flat, as in QuickFields). */
export const quickFieldsSchema = z
  .object(quickShape, { error: '入力内容が正しくありません' })
  .superRefine(crossField(checkExpiryDate), always);

const vehicleSchema = z
  .object(
    {
      ...quickShape,
      firstRegistrationYear: optional(
        normalizeDigits,
        '初度登録年月の年が正しくありません',
        z.string().superRefine((value, ctx) => {
          if (!firstRegistrationYearOptions().map(String).includes(value)) {
            ctx.addIssue({ code: 'custom', message: '初度登録年月の年が正しくありません' });
          }
        }),
      ),
      firstRegistrationMonth: optional(
        normalizeDigits,
        '初度登録年月の月が正しくありません',
        integerIn(1, 12, '初度登録年月の月が正しくありません'),
      ),
      mileage: optional(
        normalizeMileage,
        messages.mileage,
        z
          .string()
          .regex(/^\d{1,7}$/, messages.mileage)
          .transform((value) => String(Number(value))),
      ),
    },
    { error: '車両情報が正しくありません' },
  )
  .superRefine(crossField(checkExpiryDate, checkFirstRegistration), always);

const customerSchema = z.object(
  {
    lastName: name('お名前（姓）'),
    firstName: name('お名前（名）'),
    lastNameKana: kana('フリガナ（セイ）'),
    firstNameKana: kana('フリガナ（メイ）'),
    phone: required(
      normalizePhone,
      messages.enter('電話番号'),
      z.string().regex(/^0\d{9,10}$/, messages.phone),
    ),
    email: required(
      normalizeEmail,
      messages.enter('メールアドレス'),
      z.string().max(maxLengths.email, messages.email).regex(z.regexes.email, messages.email),
    ),
  },
  { error: 'お客様情報が正しくありません' },
);

const requestSchema = z.object(
  {
    preferredDate1: optional(
      normalizeText,
      '第1希望日の日付が正しくありません',
      dateNotInPast('第1希望日'),
    ),
    preferredDate2: optional(
      normalizeText,
      '第2希望日の日付が正しくありません',
      dateNotInPast('第2希望日'),
    ),
    courtesyCar: optional(
      normalizeText,
      messages.choose('代車のご希望'),
      choice(
        courtesyCarOptions.map((option) => option.value),
        messages.choose('代車のご希望'),
      ),
    ),
    contactTime: optional(
      normalizeText,
      messages.choose('連絡希望時間帯'),
      choice(
        contactTimeOptions.map((option) => option.value),
        messages.choose('連絡希望時間帯'),
      ),
    ),
    notes: optional(
      normalizeMultiline,
      messages.maxLength('備考', maxLengths.notes),
      z.string().max(maxLengths.notes, messages.maxLength('備考', maxLengths.notes)),
    ),
  },
  { error: 'ご希望の内容が正しくありません' },
);

const consentSchema = z
  .boolean({ error: messages.consent })
  .refine((value) => value, { error: messages.consent })
  .transform(() => true as const);

/** The estimate modal's form. */
export const estimateFormSchema = z.object(
  {
    vehicle: vehicleSchema,
    customer: customerSchema,
    request: requestSchema,
    consent: consentSchema,
  },
  { error: '送信内容が正しくありません' },
);

export type EstimateTracking = TrackingData;

/**
 * Attribution is untrusted but never a reason to refuse a lead: anything that is not a string is
 * dropped, and values are cleaned and cut exactly as the tracking cookie does
 * (tracking/trackingFields.ts) rather than rejected.
 */
function trackingValue(key: TrackingKey) {
  return z
    .unknown()
    .transform((value) =>
      typeof value === 'string' ? cleanTrackingValue(key, value) || undefined : undefined,
    )
    .optional();
}

const trackingSchema = z
  .object(
    Object.fromEntries(trackingKeys.map((key) => [key, trackingValue(key)])) as Record<
      TrackingKey,
      ReturnType<typeof trackingValue>
    >,
  )
  .catch({} as Record<TrackingKey, undefined>);

/**
 * The price check's rough price as the visitor saw it. Like attribution, never a reason to refuse
 * a lead: a quote that is not a known class with a bounded whole-yen total is dropped.
 */
const quoteSchema = z
  .object({
    vehicleClass: z.enum(vehicleClassIds),
    roughTotal: z.number().int().min(0).max(maxRoughTotal),
  })
  .optional()
  .catch(undefined);

/** The POST /estimates body. */
export const estimateRequestSchema = estimateFormSchema.extend({
  brand: z.enum(brandIds, { error: 'ブランドが正しくありません' }),
  entryPoint: z.enum(entryPoints, { error: '入力元が正しくありません' }),
  tracking: trackingSchema,
  quote: quoteSchema,
});

export type EstimateFormOutput = z.output<typeof estimateFormSchema>;
export type EstimateRequest = z.output<typeof estimateRequestSchema>;
export type QuickFieldsOutput = z.output<typeof quickFieldsSchema>;

// The form's hand-written value type (formValues.ts, kept zod-free) must fit the schema's input.
const formValuesFitSchema: z.input<typeof estimateFormSchema> = {} as EstimateFormValues;
void formValuesFitSchema;

/** Builds the request body from validated form values. */
export function toEstimateRequest(
  values: EstimateFormOutput,
  context: {
    brand: BrandId;
    entryPoint: EntryPoint;
    tracking: EstimateTracking;
    quote?: EstimateQuote;
  },
): EstimateRequest {
  const quote = quoteSchema.parse(context.quote);
  return {
    brand: context.brand,
    entryPoint: context.entryPoint,
    vehicle: values.vehicle,
    customer: values.customer,
    request: values.request,
    consent: true,
    tracking: trackingSchema.parse(context.tracking),
    ...(quote && { quote }),
  };
}

/**
 * One message per field, keyed by the field's path ("customer.phone"): the first problem found
 * is the one to fix first. Problems with the body as a whole are keyed "form".
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    result[key] ??= issue.message;
  }
  return result;
}
