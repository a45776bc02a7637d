/**
 * The estimate API's per-client rate limit on Workers: the rate-limiting binding
 * (`ratelimits` in the wrangler config, written by config.ts; wrangler dev simulates it locally).
 * The limit is per brand Worker (its own namespace) and client address.
 */
import type { RateLimiter } from '../../server/api/leadStore';
import type { RateLimit } from './env';
import { rateLimitPeriodSeconds } from './rateLimitPeriod';

export class BindingRateLimiter implements RateLimiter {
  constructor(private readonly binding: RateLimit) {}

  async hit(key: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
    const { success } = await this.binding.limit({ key });
    return success ? { ok: true } : { ok: false, retryAfterSeconds: rateLimitPeriodSeconds };
  }
}
