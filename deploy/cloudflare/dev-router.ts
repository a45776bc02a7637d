// Local only, never deployed: one port for every brand, each request passed to its Worker by Host.
import { brandIdForHost, type BrandId } from '../../src/brand/brands';

type Fetcher = {
  fetch(request: Request): Promise<Response>;
  scheduled(options: { scheduledTime: Date; cron: string }): Promise<unknown>;
};
type Env = Record<BrandId, Fetcher>;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    return env[brandIdForHost(request.headers.get('host') ?? '')].fetch(request);
  },
  // wrangler dev triggers the first Worker's cron only (/cdn-cgi/local/scheduled): every brand's.
  async scheduled(controller: { scheduledTime: number; cron: string }, env: Env): Promise<void> {
    await Promise.all(
      Object.values(env).map((brand) =>
        brand.scheduled({
          scheduledTime: new Date(controller.scheduledTime),
          cron: controller.cron,
        }),
      ),
    );
  },
};
