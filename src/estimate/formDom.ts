/**
 * What the estimate form's controls show, read from the DOM: the page's first-paint script and
 * the visitor write there before (and besides) the form's code, so the DOM is the truth.
 */
import { isEstimateQuote } from './draft';
import { isEntryPoint, type EntryPoint, type EstimateQuote } from './types';

/** The input named `name`, if the form has one. */
export function control(form: HTMLFormElement | null, name: string): HTMLInputElement | null {
  const element = form?.elements.namedItem(name);
  return element instanceof HTMLInputElement ? element : null;
}

/** The entry point the last opener wrote into the form (the first-paint script does). */
export function entryPointOf(form: HTMLFormElement | null): EntryPoint {
  const value = control(form, 'entryPoint')?.value;
  return isEntryPoint(value) ? value : 'header';
}

/** The price check's rough price, when the last open came from there. */
export function quoteOf(form: HTMLFormElement | null): EstimateQuote | undefined {
  const vehicleClass = control(form, 'quote.vehicleClass');
  const roughTotal = control(form, 'quote.roughTotal');
  if (!vehicleClass || !roughTotal || vehicleClass.disabled) return undefined;
  const quote = { vehicleClass: vehicleClass.value, roughTotal: Number(roughTotal.value) };
  return isEstimateQuote(quote) ? quote : undefined;
}

/** What the control `name` shows: a checkbox's checked, another's value (the visitor sees it). */
export function domValue(form: HTMLFormElement, name: string): string | boolean | undefined {
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLInputElement && element.type === 'checkbox') return element.checked;
  return element instanceof RadioNodeList ||
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
    ? element.value
    : undefined;
}
