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

/** Shorter than other housekeeping requests: the cta waits for this one. */
const requestTimeoutMs = 5000;
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
  // Any subdomain can set the shared-domain cookies: hours no shop keeps are fetched again.
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
    // A failure is swallowed; the CTA simply stays.
    return null;
  }
}

let inFlight: Promise<BusinessHours | null> | undefined;

/** Never rejects; concurrent calls share one request. */
export function loadBusinessHours(): Promise<BusinessHours | null> {
  inFlight ??= fetchBusinessHours().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}
