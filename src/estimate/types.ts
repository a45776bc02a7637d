/**
 * Contract between the landing page and the estimate feature.
 * The page (sections) only knows these types and `useEstimateOpener`; the modal,
 * its form and schema libraries load lazily behind them.
 */

/** Where an estimate was opened from; reported to the tag manager and the API. */
export type EntryPoint =
  | 'header'
  | 'cta'
  | 'tracking-footer'
  | 'simple-form-1'
  | 'simple-form-2'
  | 'simple-form-3';

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

export type OpenEstimateOptions = {
  entryPoint: EntryPoint;
  prefill?: Partial<QuickFields>;
};
