// The tracking_data cookie: where a visitor came from. Everything read here is untrusted.
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
export { fitCookieBudget, maxCookieBytes, trackingCookieName } from './trackingCookie';

type TrackingField = TrackingKey;

export const entryUrlStorageKey = 'lp_entry_url';

const trackingFields: readonly TrackingField[] = trackingKeys;

const cookieLifetimeDays = 1;

export type CookieAttributesForHost = {
  domain?: string;
  secure: boolean;
  sameSite: 'None' | 'Lax';
};

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

/** The .<product>.com domain so www and the column pages share it; Lax on local hosts (no https). */
export function cookieAttributesForHost(host: string): CookieAttributesForHost {
  const name = hostName(host);
  if (isLocalHost(name)) return { secure: false, sameSite: 'Lax' };
  const labels = name.split('.');
  if (labels.length >= 2 && labels[labels.length - 1] === 'com' && labels.every(Boolean)) {
    return { domain: `.${labels.slice(-2).join('.')}`, secure: true, sameSite: 'None' };
  }
  return { secure: true, sameSite: 'None' };
}

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

/** When sessionStorage is blocked: the entry stays stable for this page's life. */
let entryUrlInMemory: string | undefined;

export const entryRecordedStorageKey = 'lp_entry_recorded';

/** Only once per session: newer parameters must not be reverted. */
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

/** Call at start and on every navigation; new parameters overwrite, absent ones keep the stored. */
export function recordVisit(location: {
  host: string;
  pathname: string;
  search: string;
}): TrackingData {
  // A path the field would refuse ("//x", a backslash) is recorded as the landing page's.
  const pathname = cleanTrackingValue('estimate_generated_url', location.pathname) || '/';
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
