/**
 * The tracking_data cookie: where a visitor came from (spec sections 3 and 9), so every estimate
 * carries its attribution. Everything read here (query string, cookie, storage) is untrusted.
 */
import Cookies from 'js-cookie';
import {
  cleanTrackingValue,
  queryFieldMap,
  trackingKeys,
  type TrackingData,
  type TrackingKey,
} from './trackingFields';
import { isRecord } from '../lib/isRecord';
import { fitCookieBudget, trackingCookieName } from './trackingCookie';

export type { TrackingData } from './trackingFields';
// The cookie's name and size budget need no browser (the API and nginx read them too).
export { fitCookieBudget, maxCookieBytes, trackingCookieName } from './trackingCookie';

type TrackingField = TrackingKey;

/** sessionStorage key holding the first path of the session, with its attribution parameters. */
export const entryUrlStorageKey = 'lp_entry_url';

const trackingFields: readonly TrackingField[] = trackingKeys;

const cookieLifetimeDays = 1;

export type CookieAttributesForHost = {
  domain?: string;
  secure: boolean;
  sameSite: 'None' | 'Lax';
};

/** Strips the port (and IPv6 brackets) and lowercases. */
function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(1).split(']')[0] ?? '';
  return trimmed.replace(/:\d*$/, '').replace(/\.$/, '');
}

function isLocalHost(name: string): boolean {
  return (
    name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1' || name === '::1'
  );
}

/**
 * Cookie attributes shared by tracking_data and the business-hours cookies: the `.<product>.com`
 * domain on a .com host so www and the column pages share it, host-only elsewhere; Secure +
 * SameSite=None in production, Lax on local hosts where there is no https.
 */
export function cookieAttributesForHost(host: string): CookieAttributesForHost {
  const name = hostName(host);
  if (isLocalHost(name)) return { secure: false, sameSite: 'Lax' };
  const labels = name.split('.');
  if (labels.length >= 2 && labels[labels.length - 1] === 'com' && labels.every(Boolean)) {
    return { domain: `.${labels.slice(-2).join('.')}`, secure: true, sameSite: 'None' };
  }
  return { secure: true, sameSite: 'None' };
}

/** Keeps only known fields holding non-empty strings, cleaned and capped. */
function sanitize(data: Record<string, unknown>): TrackingData {
  const result: TrackingData = {};
  for (const field of trackingFields) {
    const value = data[field];
    if (typeof value !== 'string') continue;
    const cleaned = cleanTrackingValue(field, value);
    if (cleaned) result[field] = cleaned;
  }
  return result;
}

/**
 * The stored tracking data. A missing, corrupt or non-object cookie gives {}; fields of the wrong
 * type are dropped. Never throws.
 */
export function readTrackingData(): TrackingData {
  try {
    const raw = Cookies.get(trackingCookieName);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    return isRecord(parsed) ? sanitize(parsed) : {};
  } catch {
    return {};
  }
}

/** Used only when sessionStorage is blocked, so the entry stays stable for this page's life. */
let entryUrlInMemory: string | undefined;

/** Set once the entry URL's campaign parameters are in the cookie, for this session. */
export const entryRecordedStorageKey = 'lp_entry_recorded';

/**
 * The entry URL's campaign parameters, the first time a session records a visit; later, none
 * (newer parameters must not be reverted). The entry may have been captured before the app
 * loaded (captureEntry.ts), on a page view that never got to record it.
 */
function unrecordedEntryFields(entry: string): TrackingData {
  try {
    if (sessionStorage.getItem(entryRecordedStorageKey)) return {};
    sessionStorage.setItem(entryRecordedStorageKey, '1');
  } catch {
    return {};
  }
  const query = entry.indexOf('?');
  return query === -1 ? {} : queryFields(entry.slice(query));
}

function sessionEntryUrl(current: string): string {
  try {
    const stored = sessionStorage.getItem(entryUrlStorageKey);
    const cleaned = stored === null ? '' : cleanTrackingValue('lp_entry_url', stored);
    // An entry kept whole by an older release loses its other parameters here too.
    if (cleaned && cleaned !== stored) sessionStorage.setItem(entryUrlStorageKey, cleaned);
    if (cleaned) return cleaned;
    sessionStorage.setItem(entryUrlStorageKey, current);
    return current;
  } catch {
    entryUrlInMemory ??= current;
    return entryUrlInMemory;
  }
}

/** First value of each mapped parameter, cleaned; empty values count as absent. */
function queryFields(search: string): TrackingData {
  const result: TrackingData = {};
  let params: URLSearchParams;
  try {
    // URLSearchParams replaces malformed escapes with U+FFFD instead of throwing.
    params = new URLSearchParams(search);
  } catch {
    return result;
  }
  for (const [param, field] of Object.entries(queryFieldMap)) {
    const value = params.get(param);
    if (value === null) continue;
    const cleaned = cleanTrackingValue(field, value);
    if (cleaned) result[field] = cleaned;
  }
  return result;
}

/**
 * Records a page view: keeps the session's entry path (with its attribution parameters only), the
 * current path and any campaign or click-id
 * parameters (new ones overwrite, absent ones keep what is stored), then rewrites the cookie.
 * Call at start and on every navigation. Returns what was written. Never throws.
 */
export function recordVisit(location: {
  host: string;
  pathname: string;
  search: string;
}): TrackingData {
  // A path the field would refuse ("//x", a backslash) is recorded as the landing page's.
  const pathname = cleanTrackingValue('estimate_generated_url', location.pathname) || '/';
  // Only the attribution parameters: a link's ?email=…&token=… must not reach the cookie.
  const current = cleanTrackingValue('lp_entry_url', `${pathname}${location.search}`) || pathname;
  const entry = sessionEntryUrl(current);
  const data = fitCookieBudget({
    ...readTrackingData(),
    ...unrecordedEntryFields(entry),
    ...queryFields(location.search),
    lp_entry_url: entry,
    estimate_generated_url: pathname,
  });
  try {
    const attributes = cookieAttributesForHost(location.host);
    // A host-only copy (from an older release, or a corrupt one) would shadow the domain cookie
    // on read, since the older cookie comes first in document.cookie.
    if (attributes.domain) Cookies.remove(trackingCookieName, { path: '/' });
    Cookies.set(trackingCookieName, JSON.stringify(data), {
      ...attributes,
      expires: cookieLifetimeDays,
      path: '/',
    });
  } catch {
    // Blocked cookies must not break the page; the estimate form still works without them.
  }
  return data;
}
