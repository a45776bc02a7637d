// The DOM is the truth: the first-paint script and the visitor write there before the form's code.
import { entryPointControl } from './contract/controlNames';
import { isEntryPoint, type EntryPoint } from './contract/types';

export function control(form: HTMLFormElement | null, name: string): HTMLInputElement | null {
  const element = form?.elements.namedItem(name);
  return element instanceof HTMLInputElement ? element : null;
}

export function entryPointOf(form: HTMLFormElement | null): EntryPoint {
  const value = control(form, entryPointControl)?.value;
  return isEntryPoint(value) ? value : 'header';
}

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
