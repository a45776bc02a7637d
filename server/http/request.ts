import type { BrandId } from '../../src/brand/brands';

/** What the runtime knows of a request that the request itself does not say reliably. */
export type RequestContext = {
  brand: BrandId;
  /** The client's address (CF-Connecting-IP), for the rate limit and the platforms' matching. */
  clientKey: string;
  /** Where a form post must come from. */
  siteOrigin: string;
};
