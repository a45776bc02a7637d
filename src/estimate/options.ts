/**
 * Every fact the estimate forms offer, in one place: the choices of each select, the years and
 * days a date may take, the longest text each field accepts and the names of the quick fields.
 * The simple forms (first view), the modal, the schema and the local API all import them, so a
 * choice a form offers is always one the schema accepts. Framework-free and without zod: the
 * simple form is part of the first view.
 */

// ---------------------------------------------------------------------------------------------
// Dates: "today" and "this year" are Japan's, on the client and the server alike.

const tokyoDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Japan as YYYY-MM-DD. */
export function tokyoToday(now: Date = new Date()): string {
  return tokyoDateFormat.format(now);
}

function tokyoYear(now: Date = new Date()): number {
  return Number(tokyoToday(now).slice(0, 4));
}

/** Years a 車検満了日 may fall in: last year to three years ahead. */
export function expiryYearOptions(now: Date = new Date()): number[] {
  const year = tokyoYear(now);
  return [year - 1, year, year + 1, year + 2, year + 3];
}

const firstRegistrationSpan = 40;

/** Years offered for 初度登録年月, newest first. */
export function firstRegistrationYearOptions(now: Date = new Date()): number[] {
  const year = tokyoYear(now);
  return Array.from({ length: firstRegistrationSpan + 1 }, (_, i) => year - i);
}

/** Months of every date select (車検満了日, 初度登録年月). */
export const monthOptions: readonly number[] = Array.from({ length: 12 }, (_, i) => i + 1);

/** Days of the 車検満了日 select; whether the day exists in the month is the schema's check. */
export const dayOptions: readonly number[] = Array.from({ length: 31 }, (_, i) => i + 1);

// ---------------------------------------------------------------------------------------------
// Choices

/** Choices of the メーカー select, in the order visitors look for them. */
export const makers = [
  'トヨタ',
  'レクサス',
  '日産',
  'ホンダ',
  'マツダ',
  'スバル',
  'スズキ',
  'ダイハツ',
  '三菱',
  'いすゞ',
  'その他（国産車）',
  '輸入車',
] as const;

export const courtesyCarOptions = [
  { value: 'yes', label: '希望する' },
  { value: 'no', label: '希望しない' },
] as const;

export const contactTimeOptions = [
  { value: 'any', label: 'いつでも可' },
  { value: '9-12', label: '9:00〜12:00' },
  { value: '12-15', label: '12:00〜15:00' },
  { value: '15-19', label: '15:00〜19:00' },
] as const;

// ---------------------------------------------------------------------------------------------
// Lengths

/**
 * Longest accepted value of each free-text field, after normalising (the schema's limit and the
 * input's maxLength). expiryYear and postalCode are raw input lengths of the simple form, where
 * the year is typed and the postal code may carry a hyphen ("123-4567").
 */
export const maxLengths = {
  expiryYear: 4,
  model: 50,
  postalCode: 8,
  name: 30,
  kana: 30,
  email: 254,
  notes: 1000,
} as const;

// ---------------------------------------------------------------------------------------------
// Quick fields

/**
 * The fields of a simple form, by their `name`: what it hands to the modal, and what its native
 * GET (no JavaScript yet) puts in the URL.
 */
export const quickFieldNames = [
  'expiryYear',
  'expiryMonth',
  'expiryDay',
  'maker',
  'model',
  'postalCode',
] as const;

/** The hidden field naming a simple form's entry point in its native GET. */
export const entryPointFieldName = 'estimateEntry';
