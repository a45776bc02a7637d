/**
 * The estimate's facts the page, the form's code, the schema and the API share: the entry points
 * and the price check's quote.
 */

/** Every place an estimate is opened from; reported to the tag manager and the API. */
export const entryPoints = [
  'header',
  'cta',
  'tracking-footer',
  'simple-form-1',
  'simple-form-2',
  'simple-form-3',
  'price-check',
] as const;

/** Where an estimate was opened from. */
export type EntryPoint = (typeof entryPoints)[number];

export function isEntryPoint(value: unknown): value is EntryPoint {
  return typeof value === 'string' && (entryPoints as readonly string[]).includes(value);
}

/** Whether the estimate was opened from one of the page's simple forms (simple-form-N). */
export function isSimpleFormEntry(value: unknown): boolean {
  return isEntryPoint(value) && value.startsWith('simple-form-');
}

/** Highest rough total (yen) an estimate request may carry; ours stay far below it. */
export const maxRoughTotal = 1_000_000;
