// Each brand's Google Tag Manager container, written into its pages by the prerender
// (docs/tracking.md). Apart from the brand table, which the browser's bundle carries: no code
// there reads it.
import type { BrandId } from './brands';

export const gtmIds: Record<BrandId, string> = {
  carsupport: 'GTM-PF46FXZL',
  yamada: 'GTM-KZQ4D3H8',
};
