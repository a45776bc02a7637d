/**
 * The estimate form's resolver for react-hook-form: its schema (estimateSchema.ts) over the values
 * the form holds. Part of the form's chunk (EstimateForm.tsx).
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import type { Resolver } from 'react-hook-form';
import { withEmptyDefaults, type EstimateFormValues } from './contract/formValues';
import { estimateFormSchema, type EstimateFormOutput } from './contract/validation/estimateSchema';

// The schema also accepts absent optional fields (JSON drops them on the way to the server); the
// form holds all of them. Standard Schema, not valibotResolver: that one sets abortPipeEarly,
// which would skip the cross-field checks (validation/crossField.ts) while any vehicle field is
// invalid. Values come from the DOM, where an unchecked radio group is null: filled in first.
const schemaResolver = standardSchemaResolver(estimateFormSchema) as unknown as Resolver<
  EstimateFormValues,
  unknown,
  EstimateFormOutput
>;
export const resolver: Resolver<EstimateFormValues, unknown, EstimateFormOutput> = (
  values,
  context,
  options,
) => schemaResolver(withEmptyDefaults(values), context, options);
