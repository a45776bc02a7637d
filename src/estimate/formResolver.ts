import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import type { Resolver } from 'react-hook-form';
import { withEmptyDefaults, type EstimateFormValues } from './contract/formValues';
import { estimateFormSchema, type EstimateFormOutput } from './contract/validation/estimateSchema';

// Standard Schema, not valibotResolver, whose abortPipeEarly would skip the cross-field checks
// (decision 005). Values come from the DOM, where an unchecked radio group is null: filled first.
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
