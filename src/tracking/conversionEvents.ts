// No personal data unless a brand's enhancedConversions is on: then estimate_success carries email
// and phone in the shape GTM's "User-Provided Data" variable reads.
import type { DataLayerParams } from '../lib/dataLayer';
import { japanesePhoneToE164 } from '../lib/japanesePhone';

/** @internal Exported: tests type their expectations with it. */
export type UserProvidedData = { email?: string; phone_number?: string };

/** Cleared right after estimate_success. */
export const userProvidedDataKey = 'user_provided_data';

/** @internal Exported for tests. Trimmed, lowercased and E.164, as Google's matching expects. */
export function userProvidedData(customer: { email: string; phone: string }): UserProvidedData {
  const result: UserProvidedData = {};
  const email = customer.email.trim().toLowerCase();
  if (email) result.email = email;
  const phone = japanesePhoneToE164(customer.phone);
  if (phone) result.phone_number = phone;
  return result;
}

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
