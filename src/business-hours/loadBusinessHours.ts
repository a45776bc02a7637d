import Cookies from 'js-cookie';
import { withTimeout } from '../lib/withTimeout';
import { cookieAttributesForHost } from '../tracking/trackingData';
import { plausibleHours, shopHours } from './businessHours';
import {
  businessEndCookieName,
  businessStartCookieName,
  businessTimePath,
} from './businessHoursNames';

export {
  businessEndCookieName,
  businessStartCookieName,
  businessTimePath,
} from './businessHoursNames';

export type BusinessHours = { start: string; end: string };

/** Shorter than other housekeeping requests (lib/withTimeout.ts): the cta waits for this one. */
const requestTimeoutMs = 5000;
/** 86400 s (spec section 9); js-cookie counts in days. */
const cookieLifetimeDays = 1;

function readCookie(name: string): string | undefined {
  try {
    return Cookies.get(name);
  } catch {
    return undefined;
  }
}

function businessTimeUrl(): string {
  const base = (import.meta.env.VITE_LP_URL ?? '').trim().replace(/\/+$/, '');
  return `${base}${businessTimePath}`;
}

async function fetchBusinessHours(): Promise<BusinessHours | null> {
  // Cookies on the shared domain can be set by any subdomain: hours that no shop keeps count as
  // absent, so they are fetched again and rewritten.
  const fromCookies = shopHours(
    readCookie(businessStartCookieName),
    readCookie(businessEndCookieName),
  );
  if (fromCookies) return fromCookies;
  try {
    const body = await withTimeout(async (signal) => {
      const response = await fetch(businessTimeUrl(), {
        headers: { Accept: 'application/json' },
        signal,
      });
      return response.ok ? ((await response.json()) as unknown) : null;
    }, requestTimeoutMs);
    if (typeof body !== 'object' || body === null) return null;
    const hours = plausibleHours(
      (body as Record<string, unknown>).start_time,
      (body as Record<string, unknown>).end_time,
    );
    if (!hours) return null;
    const { start, end } = hours;
    try {
      const attributes = {
        ...cookieAttributesForHost(window.location.host),
        expires: cookieLifetimeDays,
        path: '/',
      };
      Cookies.set(businessStartCookieName, start, attributes);
      Cookies.set(businessEndCookieName, end, attributes);
    } catch {
      // Blocked cookies only cost a request on the next page view.
    }
    return { start, end };
  } catch {
    // Spec section 8: a failure fetching business hours is swallowed; the CTA simply stays.
    return null;
  }
}

let inFlight: Promise<BusinessHours | null> | undefined;

/**
 * The business hours from the cookies, or from the business_time endpoint when either cookie is
 * missing, invalid or narrower than a shop's day (shopHours; then stored for a day). Any failure gives null. Never rejects. Concurrent
 * calls share one request.
 */
export function loadBusinessHours(): Promise<BusinessHours | null> {
  inFlight ??= fetchBusinessHours().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}
