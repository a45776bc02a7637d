import type { ExportColumnKey } from './exportColumns';

type Choice = { readonly value: string; readonly label: string };

/** `numberSelect`: a year, month or day; typed in digits where no list is offered. */
type ControlKind =
  'select' | 'numberSelect' | 'text' | 'tel' | 'email' | 'date' | 'textarea' | 'radio' | 'checkbox';

export type FieldGroup = { readonly legend: string; readonly required: boolean };

/** The simple forms' control: a first-view form with native constraints only. */
type SimpleFormControl = {
  /** A select's empty choice; a text box's is its field's example, never a value look-alike. */
  readonly placeholder?: string;
  /** Typed where the estimate form offers a select of numbers. */
  readonly typed?: boolean;
  readonly inputMode?: 'numeric';
  readonly autoComplete?: string;
  /** The raw input's native limit: what a visitor types, hyphens and 〒 included. */
  readonly maxLength?: number;
};

export type FieldSpec = {
  /** As messages and the answer pages name it (「車検満了日の年」). */
  readonly label: string;
  readonly group?: FieldGroup;
  readonly part?: string;
  readonly formLabel?: string;
  readonly unit?: string;
  readonly control: ControlKind;
  /** A year's choices are not here: they follow today's date, and the form passes them. */
  readonly options?: readonly string[] | readonly number[] | readonly Choice[];
  readonly placeholder?: string;
  readonly required: boolean;
  /** Counted as the visitor sees it (textLength). */
  readonly maxLength?: number;
  readonly inputMode?: 'numeric' | 'email';
  readonly autoComplete?: string;
  readonly hint?: string;
  /** The one example both forms show (the dialog in its hint, a simple form as its placeholder). */
  readonly example?: string;
  readonly simpleForm?: SimpleFormControl;
  readonly column?: ExportColumnKey;
  /** The lead's own D1 column (server/db/migrations/0001_leads.sql). */
  readonly stored?: string;
  /** The katakana field the form fills from the IME's reading (furigana.ts). */
  readonly reading?: string;
  readonly confirmsAddress?: boolean;
};
