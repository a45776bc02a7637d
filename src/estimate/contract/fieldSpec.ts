/**
 * What the field table (fieldTable.ts) can say of a field: the shape of its rows. Types only, so
 * the table reads as the list of fields it is.
 */
import type { ExportColumnKey } from './exportColumns';

/** A choice of a select or radio group: the value sent and what the visitor reads. */
type Choice = { readonly value: string; readonly label: string };

/**
 * What kind of control a field is, in the estimate form:
 * - `select`: one of the listed `options`;
 * - `numberSelect`: a year, month or day chosen from numbers (years: dates.ts), typed in digits
 *   where no list is offered (the answer pages, the simple form's year);
 * - `text`, `tel`, `email`, `date`: an input of that type; `textarea`: free text over lines;
 * - `radio`: a group of the listed `options`; `checkbox`: a box to tick, whose `label` names what
 *   the visitor agrees to (checkboxText).
 */
type ControlKind =
  'select' | 'numberSelect' | 'text' | 'tel' | 'email' | 'date' | 'textarea' | 'radio' | 'checkbox';

/** Fields asked together under one legend (a date's parts, a name's parts). */
export type FieldGroup = { readonly legend: string; readonly required: boolean };

/** The simple forms' control of a field: a first-view form with native constraints only. */
type SimpleFormControl = {
  readonly placeholder: string;
  /** The simple form types the value (where the estimate form offers a select of numbers). */
  readonly typed?: boolean;
  readonly inputMode?: 'numeric';
  readonly autoComplete?: string;
  /** The raw input's native limit: what a visitor types, hyphens and 〒 included. */
  readonly maxLength?: number;
};

export type FieldSpec = {
  /** The field as messages and the answer pages name it (「連絡希望時間帯」, 「車検満了日の年」). */
  readonly label: string;
  /** The legend it is asked under, and its own part's name there (年, 姓). */
  readonly group?: FieldGroup;
  readonly part?: string;
  /** The label the estimate form shows, where it differs from `label`. */
  readonly formLabel?: string;
  /** The unit of the value, shown after the label (走行距離（km）). */
  readonly unit?: string;
  readonly control: ControlKind;
  /**
   * The choices of a select or radio group; a `numberSelect`'s numbers (a year's have none here:
   * they follow today's date, and the form passes them).
   */
  readonly options?: readonly string[] | readonly number[] | readonly Choice[];
  /** The estimate form's empty choice of a select. */
  readonly placeholder?: string;
  readonly required: boolean;
  /** The longest value the schema accepts, counted as the visitor sees it (textLength). */
  readonly maxLength?: number;
  readonly inputMode?: 'numeric' | 'email';
  readonly autoComplete?: string;
  readonly hint?: string;
  /** Present when the simple forms carry the field. */
  readonly simpleForm?: SimpleFormControl;
  /** The export column (exportColumns) the value is shown in; absent for consent. */
  readonly column?: ExportColumnKey;
  /** The lead's D1 column holding this field's value alone (migrations/0001_leads.sql). */
  readonly stored?: string;
  /**
   * The field that holds this one's reading in katakana (姓 → セイ): the estimate form fills it
   * from the IME's reading while the visitor types this field (furigana.ts).
   */
  readonly reading?: string;
  /** A postal code the estimate form confirms in words, as its prefecture and municipality. */
  readonly confirmsAddress?: boolean;
};
