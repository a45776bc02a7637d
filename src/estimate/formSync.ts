// What the form's code takes in from outside react-hook-form: the controls and the server's messages.
import { get, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { domValue } from './formDom';
import { formFieldNames, type EstimateFormValues } from './contract/formValues';
import type { EstimateFormOutput } from './contract/validation/estimateSchema';

type Form = UseFormReturn<EstimateFormValues, unknown, EstimateFormOutput>;

const fieldNames = formFieldNames() as FieldPath<EstimateFormValues>[];
const knownFields = new Set<string>(fieldNames);

/** A stored draft's values fill the controls still empty. */
export function syncWithDom(
  element: HTMLFormElement,
  { getValues, setValue }: Pick<Form, 'getValues' | 'setValue'>,
  stored?: EstimateFormValues,
): void {
  for (const name of fieldNames) {
    const shown = domValue(element, name);
    const kept: unknown = stored && get(stored, name);
    if ((shown === '' || shown === false) && kept) setValue(name, kept as never);
    // (An unchecked radio group is null to react-hook-form, '' in the DOM.)
    else if (shown !== undefined && shown !== (getValues(name) ?? '')) {
      setValue(name, shown as never);
    }
  }
}

/** Returns the messages the form has no field for, and whether a field took the focus. */
export function showServerErrors(
  errors: Record<string, string>,
  setError: Form['setError'],
): { unknown: string[]; focused: boolean } {
  const unknown: string[] = [];
  let focused = false;
  for (const [field, message] of Object.entries(errors)) {
    if (knownFields.has(field)) {
      setError(
        field as FieldPath<EstimateFormValues>,
        { type: 'server', message },
        { shouldFocus: !focused },
      );
      focused = true;
    } else {
      unknown.push(message);
    }
  }
  return { unknown, focused };
}
