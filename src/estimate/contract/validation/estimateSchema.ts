/**
 * Validation of the estimate form and request body (valibot), shared by the dialog and the local
 * API (server/core/estimateHandler.ts), so both accept and reject exactly the same input with the same
 * Japanese messages. The form's parts are in formParts.ts, built from fields.ts; values are
 * normalised first (normalize.ts). valibot compiles nothing at run time (no `new Function`), so
 * it runs under the site's CSP without unsafe-eval.
 */
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
import { entryPoints, maxRoughTotal, type EntryPoint } from '../types';
import { record } from './fields';
import { formEntries } from './formParts';
const formMessage = '送信内容が正しくありません';

/** The estimate dialog's form. */
export const estimateFormSchema = record(formEntries, formMessage);

/**
 * The honeypot: a control people never see (the form hides it from eyes and screen readers) and
 * the request's optional top-level string. A filled one marks the lead as suspected spam; it is
 * never a reason to refuse it, since a browser's autofill may fill it.
 */
export const honeypotField = 'homepage';

const honeypotSchema = v.fallback(v.optional(v.string()), undefined);

/**
 * Attribution is untrusted but never a reason to refuse a lead: anything that is not a string is
 * dropped, and values are cleaned, cut and shape-checked exactly as the tracking cookie does
 * (tracking/trackingFields.ts) rather than rejected.
 */
const trackingSchema = v.pipe(
  v.unknown(),
  v.transform((value): TrackingData => {
    const tracking: TrackingData = {};
    if (!isRecord(value)) return tracking;
    for (const key of trackingKeys) {
      const raw = Object.hasOwn(value, key) ? value[key] : undefined;
      const cleaned = typeof raw === 'string' ? cleanTrackingValue(key, raw) : '';
      // Values outside the field's shape (a URL that is not a path of this site, markup, a
      // formula) come back as '' from the one rule set the cookie uses.
      if (!cleaned) continue;
      tracking[key] = cleaned;
    }
    return tracking;
  }),
);

/** The price check's rough price as the visitor saw it: a known class, a bounded whole-yen total. */
export const estimateQuoteSchema = v.object({
  vehicleClass: v.picklist(vehicleClassIds),
  roughTotal: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(maxRoughTotal)),
});

/** Like attribution, a quote is never a reason to refuse a lead: one that does not fit is dropped. */
/** The rough price a visitor saw in the price check (総額の概算, yen, 税込), sent with the request. */
export type EstimateQuote = v.InferOutput<typeof estimateQuoteSchema>;
const quoteSchema = v.fallback(v.optional(estimateQuoteSchema), undefined);

/** The POST /estimates body. */
export const estimateRequestSchema = record(
  {
    ...formEntries,
    brand: v.picklist(brandIds, 'ブランドが正しくありません'),
    entryPoint: v.picklist(entryPoints, '入力元が正しくありません'),
    tracking: trackingSchema,
    quote: quoteSchema,
    [honeypotField]: honeypotSchema,
  },
  formMessage,
);

export type EstimateFormOutput = v.InferOutput<typeof estimateFormSchema>;
export type EstimateRequest = v.InferOutput<typeof estimateRequestSchema>;

// The form's value type (made from the field table, kept library-free) must fit the schema's input.
const formValuesFitSchema: v.InferInput<typeof estimateFormSchema> = {} as EstimateFormValues;
void formValuesFitSchema;

/** Builds the request body from validated form values. */
export function toEstimateRequest(
  values: EstimateFormOutput,
  context: {
    brand: BrandId;
    entryPoint: EntryPoint;
    tracking: TrackingData;
    quote?: EstimateQuote;
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
    tracking: v.parse(trackingSchema, context.tracking),
    ...(quote && { quote }),
  };
}

/**
 * One message per field, keyed by the field's path ("customer.phone"): the first problem found
 * is the one to fix first. Problems with the body as a whole are keyed "form".
 */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') || 'form';
    result[key] ??= issue.message;
  }
  return result;
}
