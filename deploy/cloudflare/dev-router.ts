// Local only, never deployed: one port for every brand, each request passed to its Worker by Host.
import { brandIdForHost, type BrandId } from '../../src/brand/brands';

type Fetcher = { fetch(request: Request): Promise<Response> };
type Env = Record<BrandId, Fetcher>;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    return env[brandIdForHost(request.headers.get('host') ?? '')].fetch(request);
  },
};
