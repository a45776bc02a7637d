/**
 * Contract between the landing page and the estimate feature.
 * The page (sections) only knows these types and `useEstimateOpener`; the modal,
 * its form and schema libraries load lazily behind them.
 */

import type { VehicleClassId } from '../content/legalFees';

/** Where an estimate was opened from; reported to the tag manager and the API. */
export type EntryPoint =
  | 'header'
  | 'cta'
  | 'tracking-footer'
  | 'simple-form-1'
  | 'simple-form-2'
  | 'simple-form-3'
  | 'price-check';

/** Every EntryPoint, for validating values read back from storage or a request. */
export const entryPoints = [
  'header',
  'cta',
  'tracking-footer',
  'simple-form-1',
  'simple-form-2',
  'simple-form-3',
  'price-check',
] as const satisfies readonly EntryPoint[];

// Fails to compile when EntryPoint gains a member the list above lacks.
const allEntryPointsListed: [Exclude<EntryPoint, (typeof entryPoints)[number]>] extends [never]
  ? true
  : never = true;
void allEntryPointsListed;

export function isEntryPoint(value: unknown): value is EntryPoint {
  return typeof value === 'string' && (entryPoints as readonly string[]).includes(value);
}

/** The quick fields of a simple form, as typed (raw strings, not yet normalised). */
export type QuickFields = {
  /** 車検満了日: year, month, optional day. */
  expiryYear: string;
  expiryMonth: string;
  expiryDay?: string;
  /** メーカー (select value) and 車種 (text). */
  maker: string;
  model: string;
  /** 郵便番号, hyphen and full-width digits allowed. */
  postalCode: string;
};

/** What an opener may prefill: a simple form's quick fields, the price check's 初度登録年月. */
export type EstimatePrefill = Partial<QuickFields> & {
  firstRegistrationYear?: string;
  firstRegistrationMonth?: string;
};

/** Highest rough total (yen) an estimate request may carry; ours stay far below it. */
export const maxRoughTotal = 1_000_000;

/** The rough price a visitor saw in the price check, sent with the estimate request. */
export type EstimateQuote = {
  vehicleClass: VehicleClassId;
  /** 総額の概算 (yen, 税込), as shown. */
  roughTotal: number;
};

/**
 * The fields of a simple form, by their `name`: what it hands to the modal, and what its native
 * GET (before or without JavaScript) puts in the URL.
 */
export const quickFieldNames = [
  'expiryYear',
  'expiryMonth',
  'expiryDay',
  'maker',
  'model',
  'postalCode',
] as const satisfies readonly (keyof QuickFields)[];

/** The hidden field naming a simple form's entry point in its native GET. */
export const entryPointFieldName = 'estimateEntry';

export type OpenEstimateOptions = {
  entryPoint: EntryPoint;
  prefill?: EstimatePrefill;
  /** The price check's rough price; the request carries it so the shop knows what was shown. */
  quote?: EstimateQuote;
};
