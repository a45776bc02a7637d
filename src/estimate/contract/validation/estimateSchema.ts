// The estimate schema (valibot) that the browser form and both server runtimes run: the same input
// accepted, with the same Japanese messages. It builds no code at run time, so no unsafe-eval.
import * as v from 'valibot';
import { brandIds, type BrandId } from '../../../brand/brands';
import { vehicleClassIds } from '../../../content/legalFees';
import { isRecord } from '../../../lib/isRecord';
import {
  cleanTrackingValue,
  trackingKeys,
  type TrackingData,
} from '../../../tracking/trackingFields';
import type { EstimateFormValues } from '../formValues';
import { bookingSchema, type BookingChoice } from '../booking';
import { entryPoints, maxRoughTotal, type EntryPoint } from '../types';
import { record } from './fields';
import { formEntries } from './formParts';
const formMessage = '送信内容が正しくありません';

export const estimateFormSchema = record(formEntries, formMessage);

/** A filled honeypot marks suspected spam, never a refusal: autofill may fill it. */
export const honeypotField = 'homepage';

const honeypotSchema = v.fallback(v.optional(v.string()), undefined);

/** Attribution never refuses a lead: values are cleaned as the cookie's are, not rejected. */
const trackingSchema = v.pipe(
  v.unknown(),
  v.transform((value): TrackingData => {
    const tracking: TrackingData = {};
    if (!isRecord(value)) return tracking;
    for (const key of trackingKeys) {
      const raw = Object.hasOwn(value, key) ? value[key] : undefined;
      const cleaned = typeof raw === 'string' ? cleanTrackingValue(key, raw) : '';
      if (!cleaned) continue;
      tracking[key] = cleaned;
    }
    return tracking;
  }),
);

export const estimateQuoteSchema = v.object({
  vehicleClass: v.picklist(vehicleClassIds),
  roughTotal: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(maxRoughTotal)),
});

/** Like attribution, a quote is never a reason to refuse a lead: one that does not fit is dropped. */
export type EstimateQuote = v.InferOutput<typeof estimateQuoteSchema>;
const quoteSchema = v.fallback(v.optional(estimateQuoteSchema), undefined);

export const estimateRequestSchema = record(
  {
    ...formEntries,
    brand: v.picklist(brandIds, 'ブランドが正しくありません'),
    entryPoint: v.picklist(entryPoints, '入力元が正しくありません'),
    tracking: trackingSchema,
    quote: quoteSchema,
    booking: bookingSchema,
    [honeypotField]: honeypotSchema,
  },
  formMessage,
);

export type EstimateFormOutput = v.InferOutput<typeof estimateFormSchema>;
export type EstimateRequest = v.InferOutput<typeof estimateRequestSchema>;

// The form's value type (made from the field table, kept library-free) must fit the schema's input.
const formValuesFitSchema: v.InferInput<typeof estimateFormSchema> = {} as EstimateFormValues;
void formValuesFitSchema;

export function toEstimateRequest(
  values: EstimateFormOutput,
  context: {
    brand: BrandId;
    entryPoint: EntryPoint;
    tracking: TrackingData;
    quote?: EstimateQuote;
    booking?: BookingChoice;
  },
): EstimateRequest {
  const quote = v.parse(quoteSchema, context.quote);
  return {
    brand: context.brand,
    entryPoint: context.entryPoint,
    vehicle: values.vehicle,
    customer: values.customer,
    request: values.request,
    consent: true,
    adConsent: values.adConsent,
    reminderConsent: values.reminderConsent,
    tracking: v.parse(trackingSchema, context.tracking),
    ...(quote && { quote }),
    ...(context.booking && { booking: context.booking }),
  };
}

/** The first problem of each field ("customer.phone"); the body's own under "form". */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') || 'form';
    result[key] ??= issue.message;
  }
  return result;
}
