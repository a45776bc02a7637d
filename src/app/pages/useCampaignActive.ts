import { useEffect, useState } from 'react';
import { hasCampaign } from '../../brand/brands';
import { useBrand } from '../../brand/useBrand';
import type { LandingContent } from '../../content/types';
import type * as campaignRules from '../../lib/campaign';

type CampaignRules = typeof campaignRules;

let loadedRules: CampaignRules | undefined;

/**
 * Loads the campaign's date rules (once). They are not part of the first view's code: the
 * browser loads them after hydration, the server render (entry-server.tsx) before it renders.
 */
export async function loadCampaignRules(): Promise<CampaignRules> {
  loadedRules ??= await import('../../lib/campaign');
  return loadedRules;
}

/**
 * Whether the campaign block shows. The prerender decides at build time; hydration keeps that
 * decision (read from the prerendered DOM, so no mismatch); afterwards the live clock decides,
 * so a campaign that ended since the build disappears.
 */
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
