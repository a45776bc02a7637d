// The form's aids: required fields left, postal code words, funnel events, furigana. Its own chunk,
// importing nothing from the form's (parts are passed in), so that chunk keeps its one export.
import type { UseFormReturn } from 'react-hook-form';
import { addressAttribute } from './contract/controlNames';
import type { EventContext } from './estimateEvents';
import { field, fieldPaths } from './contract/fieldTable';
import type { EstimateFormValues, withEmptyDefaults } from './contract/formValues';
import { createFunnel } from './funnelEvents';
import { bindFurigana } from './furigana';
import { addressConfirmer, warmPostalData } from './postalAddress';
import { atPath, fieldMessages } from './contract/summaryWords';
import type { requiredLeft } from './progress';
import type { EstimateFormOutput } from './contract/validation/estimateSchema';
import type { messages } from './contract/validation/messages';
import type { normalizePostalCode } from './contract/validation/normalize';

export type FormParts = Pick<
  UseFormReturn<EstimateFormValues, unknown, EstimateFormOutput>,
  'subscribe' | 'getValues' | 'setValue' | 'getFieldState'
> & {
  withEmptyDefaults: typeof withEmptyDefaults;
  requiredLeft: typeof requiredLeft;
  normalizePostalCode: typeof normalizePostalCode;
  messages: typeof messages;
};

export type FormAids = {
  sent(): void;
  detach(): void;
};

/** `started`: whether the form holds input not sent. */
export function attachFormAids(
  element: HTMLFormElement,
  parts: FormParts,
  context: () => EventContext,
  onLeft: (left: number) => void,
  started: () => boolean,
): FormAids {
  const { subscribe, getValues, setValue, getFieldState } = parts;
  const funnel = createFunnel(context, parts.messages);
  const values = () => parts.withEmptyDefaults(getValues());
  const confirmers = fieldPaths.flatMap((path) => {
    const target = field(path).confirmsAddress
      ? element.querySelector(`[${addressAttribute}="${path}"]`)
      : null;
    return target ? [{ path, show: addressConfirmer(target, parts.normalizePostalCode) }] : [];
  });
  const confirm = (current: EstimateFormValues) => {
    for (const { path, show } of confirmers) show(String(atPath(current, path) ?? ''));
  };
  const initial = values();
  let left = parts.requiredLeft(initial);
  onLeft(left);
  confirm(initial);
  const unsubscribeValues = subscribe({
    formState: { values: true },
    callback: () => {
      const current = values();
      confirm(current);
      const count = parts.requiredLeft(current);
      if (count === left) return;
      left = count;
      onLeft(count);
      funnel.progress(count);
    },
  });
  const unsubscribeErrors = subscribe({
    formState: { errors: true },
    callback: ({ errors }) =>
      funnel.errors(new Map(fieldMessages(errors).map((shown) => [shown.path, shown]))),
  });
  const touched = (event: Event) => {
    if (event.target instanceof Element) funnel.touched(event.target.getAttribute('name') ?? '');
  };
  element.addEventListener('focusin', touched);
  const onHide = () => {
    if (document.visibilityState === 'hidden') funnel.hidden(started(), left);
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onHide);
  const stopWarming = warmPostalData(parts.normalizePostalCode);
  const unbindFurigana = bindFurigana(element, (path, reading) =>
    setValue(path, reading, { shouldDirty: true, shouldValidate: getFieldState(path).invalid }),
  );
  return {
    sent: () => funnel.sent(),
    detach() {
      unsubscribeValues();
      unsubscribeErrors();
      element.removeEventListener('focusin', touched);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
      unbindFurigana();
      stopWarming();
    },
  };
}
