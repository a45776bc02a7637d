import type { BrandId } from '../brand/brands';

/**
 * Per-brand tracking switches, the one place to turn them on.
 *
 * enhancedConversions: estimate_success also carries the visitor's email and phone number
 * (`user_provided_data`, docs/tracking.md) for Google Ads enhanced conversions. Off by default:
 * turn it on only together with the tag manager's setup, and the brand's privacy policy then
 * says so by itself (textPages.ts reads this switch).
 */
export const trackingConfig: Record<BrandId, { enhancedConversions: boolean }> = {
  carsupport: { enhancedConversions: false },
  yamada: { enhancedConversions: false },
};
