// Rows and lines of any release are untrusted: a value of the wrong type reads as empty, so a lead
// is never lost for one bad value.
import * as v from 'valibot';
import type { BrandId } from '../../src/brand/brands';
import { field, fieldPaths } from '../../src/estimate/contract/fieldTable';
import {
  estimateQuoteSchema,
  honeypotField,
  type EstimateRequest,
} from '../../src/estimate/contract/validation/estimateSchema';
import { trackingKeys, type TrackingData } from '../../src/tracking/trackingFields';

/** Its entry point as the release that stored it named it. */
export type StoredRequest = Omit<EstimateRequest, 'entryPoint'> & { entryPoint: string };

// Older rows may hold a number where the schema now keeps digits.
const digits = v.pipe(v.number(), v.finite(), v.transform(String));
const text = v.fallback(v.union([v.string(), digits]), '');
const optionalText = v.fallback(v.optional(v.union([v.string(), digits])), undefined);

function groupSchema(group: string) {
  const entries: Record<string, typeof text | typeof optionalText> = {};
  for (const path of fieldPaths) {
    const [pathGroup, key] = path.split('.');
    if (pathGroup === group && key) entries[key] = field(path).required ? text : optionalText;
  }
  const schema = v.object(entries);
  return v.fallback(schema, () => v.parse(schema, {}));
}

const trackingSchema = v.fallback(
  v.pipe(
    v.record(v.string(), v.unknown()),
    v.transform((value): TrackingData => {
      const tracking: TrackingData = {};
      for (const key of trackingKeys) {
        const stored = value[key];
        if (typeof stored === 'string' && stored !== '') tracking[key] = stored;
      }
      return tracking;
    }),
  ),
  {},
);

const storedRequestSchema = v.object({
  entryPoint: text,
  vehicle: groupSchema('vehicle'),
  customer: groupSchema('customer'),
  request: groupSchema('request'),
  tracking: trackingSchema,
  quote: v.fallback(v.optional(estimateQuoteSchema), undefined),
  [honeypotField]: optionalText,
  adConsent: v.fallback(v.optional(v.boolean()), undefined),
  reminderConsent: v.fallback(v.optional(v.boolean()), undefined),
});

export function parseStoredRequest(value: unknown, brand: BrandId): StoredRequest {
  const stored = v.parse(storedRequestSchema, typeof value === 'object' && value ? value : {});
  const honeypot = stored[honeypotField];
  // In the order the handler stores it; only consented requests are ever stored.
  return {
    vehicle: stored.vehicle as StoredRequest['vehicle'],
    customer: stored.customer as StoredRequest['customer'],
    request: stored.request,
    consent: true,
    // A row from before the choice existed never agreed to it.
    adConsent: stored.adConsent === true,
    reminderConsent: stored.reminderConsent === true,
    brand,
    entryPoint: stored.entryPoint,
    tracking: stored.tracking,
    ...(stored.quote && { quote: stored.quote }),
    ...(honeypot !== undefined && { [honeypotField]: honeypot }),
  };
}
