import { useEffect, useState } from 'react';
import { hasCampaign } from '../../brand/brands';
import { useBrand } from '../../brand/useBrand';
import type { LandingContent } from '../../content/types';
import type * as campaignRules from '../../lib/campaign';

type CampaignRules = typeof campaignRules;

let loadedRules: CampaignRules | undefined;

/** Not in the first view's code: loaded after hydration, or before the server render. */
export async function loadCampaignRules(): Promise<CampaignRules> {
  loadedRules ??= await import('../../lib/campaign');
  return loadedRules;
}

/** Hydration keeps the prerendered decision; then the live clock decides. */
export function useCampaignActive(campaign: LandingContent['campaign']): boolean {
  const brand = useBrand();
  const { enabled, endsAt } = campaign;
  const decide = (rules: CampaignRules) =>
    rules.isCampaignActive({
      hasCampaign: hasCampaign(brand),
      enabled,
      endsAt,
      now: new Date(),
      override: import.meta.env.VITE_CAMPAIGN,
    });
  const [active, setActive] = useState(() => {
    if (typeof document !== 'undefined') {
      return document.querySelector('[data-section="campaign"]') !== null;
    }
    if (!loadedRules) throw new Error('Call loadCampaignRules() before rendering the landing page');
    return decide(loadedRules);
  });
  useEffect(() => {
    let current = true;
    loadCampaignRules()
      .then((rules) => {
        if (current) setActive(decide(rules));
      })
      // Without the rules the prerendered decision stands.
      .catch(() => {});
    return () => {
      current = false;
    };
    // decide() reads only these values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [brand.id, enabled, endsAt]);
  return active;
}
