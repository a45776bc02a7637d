/**
 * The fields of the estimate events (docs/tracking.md). No personal data by default: only with a
 * brand's enhancedConversions switch (content/trackingConfig.ts) does estimate_success carry the
 * visitor's email and phone, in the shape Google Tag Manager's "User-Provided Data" variable
 * reads from the data layer.
 */
import type { DataLayerParams } from '../lib/dataLayer';
import { japanesePhoneToE164 } from '../lib/japanesePhone';

/** @internal Exported: tests type their expectations with it. */
export type UserProvidedData = { email?: string; phone_number?: string };

/** The data-layer key holding UserProvidedData; cleared right after estimate_success. */
export const userProvidedDataKey = 'user_provided_data';

/**
 * Email trimmed and lowercased, phone in E.164, as Google's matching expects before hashing.
 * @internal Exported for its unit tests.
 */
export function userProvidedData(customer: { email: string; phone: string }): UserProvidedData {
  const result: UserProvidedData = {};
  const email = customer.email.trim().toLowerCase();
  if (email) result.email = email;
  const phone = japanesePhoneToE164(customer.phone);
  if (phone) result.phone_number = phone;
  return result;
}

/** estimate_success: the lead id the API answered, brand and entry point; see above for PII. */
export function estimateSuccessParams(args: {
  brand: string;
  entryPoint: string;
  estimateId: string;
  customer: { email: string; phone: string };
  enhancedConversions: boolean;
}): DataLayerParams {
  const params: DataLayerParams = {
    brand: args.brand,
    entry_point: args.entryPoint,
    estimate_id: args.estimateId,
  };
  if (args.enhancedConversions) params[userProvidedDataKey] = userProvidedData(args.customer);
  return params;
}
