/**
 * The first-paint script's part for the estimate dialog, which is in the page
 * (src/estimate/EstimateDialog.tsx): it opens it for every opener, before and after the app
 * alike, holds a submit of its form until the form's code runs, lays the closed dialog out once in
 * idle time, and posts a held submit natively when the form's code cannot load. Decision 007
 * explains each step. Values are written into the controls without events (each would re-render
 * the form's code on the tap's frame): the form's code reads the controls when it takes over and
 * when the dialog opens.
 */
import {
  estimateDialogId,
  estimateHash,
  estimateOpenEvent,
  formAttribute,
  formStateAttribute,
  layOutEvent,
  nativePostEvent,
  openerAttribute,
  openerValuesAttribute,
} from '../estimate/dialog';
import { entryPointControl, quoteControlNames } from '../estimate/contract/controlNames';
import type { EntryPoint } from '../estimate/contract/types';
import { foldWidth } from '../estimate/contract/validation/width';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function dialog(): HTMLDialogElement | null {
  return document.getElementById(estimateDialogId) as HTMLDialogElement | null;
}

function dialogForm(): HTMLFormElement | null | undefined {
  return dialog()?.querySelector('form');
}

/**
 * Writes `value` into `control` (a hidden one is enabled: the quote's). A select gets the option
 * a typed number means ('２０２７', '03' → '2027', '3').
 */
function put(control: Control, value: string): void {
  if (control.hidden) control.disabled = false;
  const options = (control as HTMLSelectElement).options;
  if (control.tagName === 'SELECT' && ![...options].some((o) => o.value === value)) {
    value = foldWidth(value).trim();
    if (/^\d{1,4}$/.test(value)) value = String(+value);
  }
  control.value = value;
}

/**
 * Opens the dialog from `entryPoint` with an opener's `values` (control name → value): writes
 * them, disables the quote's controls unless the values carry it, shows the dialog, focuses the
 * first empty required field and tells the form's code (estimateOpenEvent). Does nothing on a
 * page without the dialog.
 * @internal Exported: the form's component test opens the dialog with it, as an opener does.
 */
export function openEstimate(
  entryPoint: EntryPoint | string,
  values: Record<string, unknown> = {},
): void {
  const form = dialogForm();
  const shown = dialog();
  if (!form || !shown) return;
  const elements = form.elements;
  const controlNamed = (name: string) => elements.namedItem(name) as Control | null;
  controlNamed(entryPointControl)!.value = entryPoint;
  for (const name of Object.values(quoteControlNames)) {
    const quote = controlNamed(name);
    if (quote) quote.disabled = true;
  }
  for (const name in values) {
    const target = controlNamed(name);
    // (A radio group is a RadioNodeList, not an element: left alone.)
    if (target?.tagName && values[name] !== '') put(target, String(values[name]));
  }
  const empty = ([...elements] as Control[]).find(
    (c) => c.required && (c.type === 'checkbox' ? !(c as HTMLInputElement).checked : !c.value),
  );
  // showModal focuses the first empty required field itself (one focus, not two).
  if (empty) empty.autofocus = true;
  if (!shown.open) shown.showModal();
  if (empty) {
    if (document.activeElement !== empty) empty.focus();
    empty.autofocus = false;
  }
  shown.dispatchEvent(new CustomEvent(estimateOpenEvent, { detail: entryPoint }));
}

/**
 * Lays the closed dialog out once, unseen (hidden, no transition, closed again in the same task),
 * so a first layout's one-off costs are paid before a tap. An open dialog is left alone.
 */
export function layOutDialog(): void {
  const shown = dialog();
  if (!shown || shown.open) return;
  const style = shown.style;
  style.cssText = 'display:flex;visibility:hidden;position:fixed;inset:0;transition:none';
  shown.getBoundingClientRect();
  style.display = 'none';
  void getComputedStyle(shown).display;
  style.cssText = '';
}

/**
 * The app or the form's code cannot load: the form is left to the browser, and a held submit is
 * posted (submit(), not requestSubmit(): the values passed the browser's checks when it was held).
 */
export function postNatively(): void {
  const form = dialogForm();
  const state = form?.getAttribute(formStateAttribute);
  if (!form || state === 'enhanced') return;
  form.setAttribute(formStateAttribute, 'native');
  if (state === 'held') form.submit();
}

/** Listens for openers, simple forms, the dialog form's submit and the form's code's events. */
export function installEstimateDialog(): void {
  document.addEventListener(
    'click',
    (event) => {
      const opener = (event.target as Element | null)?.closest?.(`[${openerAttribute}]`);
      if (!opener || !dialogForm()) return;
      event.preventDefault();
      let values = {};
      try {
        values = JSON.parse(opener.getAttribute(openerValuesAttribute) || '{}') as object;
      } catch {
        // A broken attribute opens the dialog without values.
      }
      openEstimate(opener.getAttribute(openerAttribute)!, values);
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      const target = event.target as HTMLFormElement;
      const form = dialogForm();
      if (!form) return;
      const entryPoint = target.getAttribute(formAttribute);
      const state = form.getAttribute(formStateAttribute);
      if (entryPoint) {
        // A simple form: its values go into the dialog instead of its own post.
        event.preventDefault();
        const values: Record<string, string> = {};
        for (const c of target.elements as unknown as Iterable<Control>) {
          if (c.name && c.type !== 'hidden') values[c.name] = c.value;
        }
        openEstimate(entryPoint, values);
      } else if (target === form && (!state || state === 'held')) {
        // The form's code has not taken over yet: it sends this submit when it does.
        event.preventDefault();
        form.setAttribute(formStateAttribute, 'held');
      }
    },
    true,
  );
  if (location.hash === estimateHash && dialogForm()) {
    history.replaceState(history.state, '', location.pathname + location.search);
    openEstimate('header');
  }
  document.addEventListener(layOutEvent, layOutDialog);
  document.addEventListener(nativePostEvent, postNatively);
}
