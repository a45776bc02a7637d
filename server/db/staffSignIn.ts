// The staff sign-in's D1 state (migration 0013): sessions ended by ログアウト, and the failed
// sign-ins and Bearer tries counted per client in rate_limit_hits under their own key.
import type { D1Database } from '../env';
import type { SignInGuard } from '../staff/signInGuard';

export class D1StaffSignIn implements SignInGuard {
  constructor(
    private readonly db: D1Database,
    private readonly policy: { limit: number; windowSeconds: number },
  ) {}

  async blocked(key: string, now: number): Promise<number | null> {
    const since = now - this.policy.windowSeconds * 1000;
    const found = await this.db
      .prepare(
        'SELECT COUNT(*) AS tries, MIN(at) AS oldest FROM rate_limit_hits ' +
          'WHERE client_key = ? AND at > ?',
      )
      .bind(key, since)
      .first<{ tries: number; oldest: number | null }>();
    if (!found || found.tries < this.policy.limit) return null;
    const until = (found.oldest ?? now) + this.policy.windowSeconds * 1000;
    return Math.max(1, Math.ceil((until - now) / 1000));
  }

  async failed(key: string, now: number): Promise<void> {
    await this.db
      .prepare('INSERT INTO rate_limit_hits (client_key, at) VALUES (?, ?)')
      .bind(key, now)
      .run();
  }

  async ended(sessionId: string): Promise<boolean> {
    const found = await this.db
      .prepare('SELECT 1 AS ended FROM staff_sessions_ended WHERE session_id = ?')
      .bind(sessionId)
      .first<{ ended: number }>();
    return found !== null;
  }

  async end(sessionId: string, expiresAt: number, now: number): Promise<void> {
    await this.db.batch([
      this.db.prepare('DELETE FROM staff_sessions_ended WHERE expires_at <= ?').bind(now),
      this.db
        .prepare(
          'INSERT INTO staff_sessions_ended (session_id, expires_at) VALUES (?, ?) ' +
            'ON CONFLICT (session_id) DO NOTHING',
        )
        .bind(sessionId, expiresAt),
    ]);
  }
}
