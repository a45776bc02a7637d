// Opens the in-page estimate dialog for every opener, holds a submit until the form's code runs
// (decision 007). Values go in without events: each would re-render the form on the tap's frame.
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
import { westernYear } from '../estimate/contract/eras';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function dialog(): HTMLDialogElement | null {
  return document.getElementById(estimateDialogId) as HTMLDialogElement | null;
}

function dialogForm(): HTMLFormElement | null | undefined {
  return dialog()?.querySelector('form');
}

/** A hidden control is enabled (the quote's); a select gets the option a typed number means. */
function put(control: Control, value: string): void {
  if (control.hidden) control.disabled = false;
  const options = [...((control as HTMLSelectElement).options ?? [])];
  if (control.tagName === 'SELECT' && !options.some((o) => o.value === value)) {
    value = westernYear(
      value,
      options.map((o) => +o.value),
    );
  }
  control.value = value;
}

/** @internal Exported: the form's component test opens the dialog with it, as an opener does. */
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

// Opened as a modal unseen and closed in the same task, so the first open's style and layout are
// paid in idle time, not on the tap. The dialog takes the focus (no field is focused or left) and
// the close reaches no listener. Skipped while a control has the focus (a visitor typing).
export function layOutDialog(): void {
  const shown = dialog();
  const active = document.activeElement;
  if (!shown || shown.open || (active && active !== document.body)) return;
  const style = shown.style;
  style.visibility = 'hidden';
  shown.tabIndex = -1;
  shown.autofocus = true;
  try {
    shown.showModal();
    shown.getBoundingClientRect();
    addEventListener('close', (event) => event.stopImmediatePropagation(), {
      capture: true,
      once: true,
    });
    shown.close();
  } catch {
    // A dialog that cannot open now is laid out on the tap instead.
  } finally {
    shown.removeAttribute('tabindex');
    shown.autofocus = false;
    style.visibility = '';
  }
}

/** submit(), not requestSubmit(): the values passed the browser's checks when it was held. */
export function postNatively(): void {
  const form = dialogForm();
  const state = form?.getAttribute(formStateAttribute);
  if (!form || state === 'enhanced') return;
  form.setAttribute(formStateAttribute, 'native');
  if (state === 'held') form.submit();
}

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
      } else if (
        target === form &&
        (!state || state === 'held') &&
        // A button that skips the checks (空き枠を表示する) asks the server for a page: never held.
        !(event as SubmitEvent).submitter?.hasAttribute('formnovalidate')
      ) {
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
