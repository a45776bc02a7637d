/**
 * The price check's rough price as the form's hidden controls hold it (written by the price
 * check's open, controlNames.ts names them). It is never restored from a draft (decision 007).
 */
import * as v from 'valibot';
import { quoteControlNames } from './contract/controlNames';
import { control } from './formDom';
import type { EstimateQuote } from './contract/validation/estimateSchema';
import { estimateQuoteSchema } from './contract/validation/estimateSchema';

/**
 * A quote as the schema accepts it (a known class, a bounded whole-yen total).
 * @internal Exported for its test, which checks the bounds a tampered control could break.
 */
export function isEstimateQuote(value: unknown): value is EstimateQuote {
  return v.is(estimateQuoteSchema, value);
}

/** The price check's rough price, when the last open came from there. */
export function quoteOf(form: HTMLFormElement | null): EstimateQuote | undefined {
  const vehicleClass = control(form, quoteControlNames.vehicleClass);
  const roughTotal = control(form, quoteControlNames.roughTotal);
  if (!vehicleClass || !roughTotal || vehicleClass.disabled) return undefined;
  const quote = { vehicleClass: vehicleClass.value, roughTotal: Number(roughTotal.value) };
  return isEstimateQuote(quote) ? quote : undefined;
}
