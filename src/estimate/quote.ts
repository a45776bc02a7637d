// The price check's rough price, held by the form's hidden controls; never restored from a draft.
import * as v from 'valibot';
import { quoteControlNames } from './contract/controlNames';
import { control } from './formDom';
import type { EstimateQuote } from './contract/validation/estimateSchema';
import { estimateQuoteSchema } from './contract/validation/estimateSchema';

/** @internal Exported for its test, which checks the bounds a tampered control could break. */
export function isEstimateQuote(value: unknown): value is EstimateQuote {
  return v.is(estimateQuoteSchema, value);
}

export function quoteOf(form: HTMLFormElement | null): EstimateQuote | undefined {
  const vehicleClass = control(form, quoteControlNames.vehicleClass);
  const roughTotal = control(form, quoteControlNames.roughTotal);
  if (!vehicleClass || !roughTotal || vehicleClass.disabled) return undefined;
  const quote = { vehicleClass: vehicleClass.value, roughTotal: Number(roughTotal.value) };
  return isEstimateQuote(quote) ? quote : undefined;
}
