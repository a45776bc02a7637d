import { useState } from 'react';
import { useBrand } from '../../brand/useBrand';
import type { LandingContent } from '../../content/types';
import { isCampaignActive } from '../../lib/campaign';
import { useHydrated } from '../../sections/useHydrated';

/**
 * Whether the campaign block shows. The prerender decides at build time; hydration keeps that
 * decision (read from the prerendered DOM, so no mismatch); afterwards the live clock decides,
 * so a campaign that ended since the build disappears.
 */
export function useCampaignActive(campaign: LandingContent['campaign']): boolean {
  const brand = useBrand();
  const hydrated = useHydrated();
  const [prerendered] = useState(() =>
    typeof document === 'undefined'
      ? null
      : document.querySelector('[data-section="campaign"]') !== null,
  );
  if (!hydrated && prerendered !== null) return prerendered;
  return isCampaignActive({
    brand: brand.id,
    enabled: campaign.enabled,
    endsAt: campaign.endsAt,
    now: new Date(),
    override: import.meta.env.VITE_CAMPAIGN,
  });
}
