import { brandIds, brands, type BrandId } from '../brand/brands';

/**
 * Per-brand tracking switches, as the estimate form and the privacy policy read them. Each is
 * set in the brand's row of the brand table (src/brand/brands.ts), the one place to turn it on.
 *
 * enhancedConversions: estimate_success also carries the visitor's email and phone number
 * (`user_provided_data`, docs/tracking.md) for Google Ads enhanced conversions. Off by default:
 * turn it on only together with the tag manager's setup, and the brand's privacy policy then
 * says so by itself (textPages.ts reads this switch).
 */
export const trackingConfig = Object.fromEntries(
  brandIds.map((id) => [id, { enhancedConversions: brands[id].enhancedConversions }]),
) as Record<BrandId, { enhancedConversions: boolean }>;
