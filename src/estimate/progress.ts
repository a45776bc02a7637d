// The form's own schema decides, so a field counts as done exactly when the API would accept it.
import * as v from 'valibot';
import { requiredPaths } from './contract/fieldTable';
import type { EstimateFormValues } from './contract/formValues';
import { estimateFormSchema, fieldErrors } from './contract/validation/estimateSchema';

export function requiredLeft(values: EstimateFormValues): number {
  const result = v.safeParse(estimateFormSchema, values);
  if (result.success) return 0;
  const errors = fieldErrors(result.issues);
  return requiredPaths.filter((path) => Object.hasOwn(errors, path)).length;
}
