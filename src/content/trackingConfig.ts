import { brandIds, brands, type BrandId } from '../brand/brands';

// Set in the brand table; enhancedConversions goes on only with the tag manager's setup
// (docs/tracking.md), and the brand's privacy policy then says so by itself.
export const trackingConfig = Object.fromEntries(
  brandIds.map((id) => [id, { enhancedConversions: brands[id].enhancedConversions }]),
) as Record<BrandId, { enhancedConversions: boolean }>;
