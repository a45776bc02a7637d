/**
 * Local only: one port for every brand, as the local origin and nginx serve them. Picks the
 * brand's Worker by Host (src/brand/brands.ts), through a service binding named after the brand
 * (config.ts writes them). On Cloudflare each host is routed to its brand's Worker instead
 * (docs/deploy.md), so this Worker is never deployed.
 */
import { brandIdForHost, type BrandId } from '../../src/brand/brands';

type Fetcher = { fetch(request: Request): Promise<Response> };
type Env = Record<BrandId, Fetcher>;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    return env[brandIdForHost(request.headers.get('host') ?? '')].fetch(request);
  },
};
