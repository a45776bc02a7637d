// What stops guessing STAFF_SECRET: failed sign-ins and Bearer tries counted per client (an IPv4
// address or an IPv6 /64) and brand; past the limit every try, right or wrong, is answered 429
// until the window frees one. Each failure is audited. Sessions end on the server at ログアウト.
import type { BrandId } from '../../src/brand/brands';
import { rateLimitKey } from '../estimate/rateLimitPolicy';

/** Ten failures per 10 minutes: a person mistyping is never stopped, a guesser is. */
export const signInFailurePolicy = { limit: 10, windowSeconds: 10 * 60 } as const;

export interface SignInGuard {
  /** Seconds until the client may try again, or null. `now`: ms since the epoch. */
  blocked(key: string, now: number): Promise<number | null>;
  failed(key: string, now: number): Promise<void>;
  ended(sessionId: string): Promise<boolean>;
  end(sessionId: string, expiresAt: number, now: number): Promise<void>;
}

export function signInFailureKey(brand: BrandId, address: string): string {
  return `staff-sign-in ${brand} ${rateLimitKey(address)}`;
}

export const throttledMessage = (seconds: number) =>
  `サインインの失敗が続いたため、受け付けを一時停止しています。${Math.ceil(seconds / 60)}分ほどおいてもう一度お試しください`;
