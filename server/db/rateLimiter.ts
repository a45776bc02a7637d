// In D1, not the Workers rate-limiting binding: that counts per 10 or 60 s only, never the policy's
// 10 minutes. Not a Durable Object: D1 is bound already, and a handful of leads a day costs little.
import type { RateLimiter } from '../leads/store';
import { newLeadRateLimit } from '../estimate/rateLimitPolicy';
import type { D1Database } from '../env';

export class D1RateLimiter implements RateLimiter {
  private readonly windowMs: number;

  /** `limit`: ESTIMATES_RATE_LIMIT where set (the test suites post far more), else the policy's. */
  constructor(
    private readonly db: D1Database,
    private readonly now: () => number = Date.now,
    private readonly limit: number = newLeadRateLimit.limit,
  ) {
    this.windowMs = newLeadRateLimit.windowSeconds * 1000;
  }

  async hit(key: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
    const time = this.now();
    const since = time - this.windowMs;
    // One transaction, and count and insert in one statement: concurrent hits of one client can
    // never let more than the limit through.
    const [, counted] = await this.db.batch([
      this.db.prepare('DELETE FROM rate_limit_hits WHERE at <= ?').bind(since),
      this.db
        .prepare(
          'INSERT INTO rate_limit_hits (client_key, at) SELECT ?, ? WHERE ' +
            '(SELECT COUNT(*) FROM rate_limit_hits WHERE client_key = ? AND at > ?) < ?',
        )
        .bind(key, time, key, since, this.limit),
    ]);
    if (counted?.meta.changes === 1) return { ok: true };
    const oldest = await this.db
      .prepare('SELECT MIN(at) AS at FROM rate_limit_hits WHERE client_key = ? AND at > ?')
      .bind(key, since)
      .first<{ at: number | null }>();
    const until = (oldest?.at ?? time) + this.windowMs;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((until - time) / 1000)) };
  }
}
