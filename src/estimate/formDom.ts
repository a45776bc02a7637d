/**
 * What the estimate form's controls show, read from the DOM: the page's first-paint script and
 * the visitor write there before (and besides) the form's code, so the DOM is the truth.
 * Framework-free: the first-paint script (src/firstPaint/) is built from this module too.
 */
import { entryPointControl } from './contract/controlNames';
import { isEntryPoint, type EntryPoint } from './contract/types';

/** The input named `name`, if the form has one. */
export function control(form: HTMLFormElement | null, name: string): HTMLInputElement | null {
  const element = form?.elements.namedItem(name);
  return element instanceof HTMLInputElement ? element : null;
}

/** The entry point the last opener wrote into the form (the first-paint script does). */
export function entryPointOf(form: HTMLFormElement | null): EntryPoint {
  const value = control(form, entryPointControl)?.value;
  return isEntryPoint(value) ? value : 'header';
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
