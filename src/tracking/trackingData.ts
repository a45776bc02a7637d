/**
 * The tracking_data cookie: where a visitor came from (spec sections 3 and 9), so every estimate
 * carries its attribution. Everything read here (query string, cookie, storage) is untrusted.
 */
import Cookies from 'js-cookie';

export type TrackingData = {
  lp_entry_url?: string;
  estimate_generated_url?: string;
  source?: string;
  inquiry_medium?: string;
  campaign?: string;
  term?: string;
  inquiry_content?: string;
  gaid?: string;
};

type TrackingField = keyof TrackingData;

export const trackingCookieName = 'tracking_data';
/** sessionStorage key holding the first path+query of the session. */
export const entryUrlStorageKey = 'lp_entry_url';

/** Query parameter → cookie field (spec section 9). */
export const queryFieldMap = {
  utm_source: 'source',
  utm_medium: 'inquiry_medium',
  utm_campaign: 'campaign',
  utm_term: 'term',
  utm_content: 'inquiry_content',
  gclid: 'gaid',
} as const satisfies Record<string, TrackingField>;

const urlFields = [
  'lp_entry_url',
  'estimate_generated_url',
] as const satisfies readonly TrackingField[];
const trackingFields: readonly TrackingField[] = [...urlFields, ...Object.values(queryFieldMap)];

const maxUrlLength = 512;
const maxValueLength = 256;
/**
 * Browsers cap name + value at 4096 bytes and drop bigger cookies silently, so stay well below
 * that and leave room for the attributes in the same Set-Cookie string.
 */
export const maxCookieBytes = 3800;
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

// C0/C1 controls, line/paragraph separators and bidi overrides: invisible, and dangerous in logs
// and CRM exports.
// eslint-disable-next-line no-control-regex
const unwantedChars = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// A lone surrogate makes encodeURIComponent (and so js-cookie) throw.
const loneSurrogates = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Trims, strips control characters and caps at `max` code points; '' when nothing is left. */
function clean(value: string, max: number): string {
  const stripped = value.replace(loneSurrogates, '').replace(unwantedChars, '').trim();
  const points = Array.from(stripped);
  return points.length > max ? points.slice(0, max).join('').trim() : stripped;
}

function maxLengthOf(field: TrackingField): number {
  return (urlFields as readonly string[]).includes(field) ? maxUrlLength : maxValueLength;
}

/** Keeps only known fields holding non-empty strings, cleaned and capped. */
function sanitize(data: Record<string, unknown>): TrackingData {
  const result: TrackingData = {};
  for (const field of trackingFields) {
    const value = data[field];
    if (typeof value !== 'string') continue;
    const cleaned = clean(value, maxLengthOf(field));
    if (cleaned) result[field] = cleaned;
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
    return isPlainObject(parsed) ? sanitize(parsed) : {};
  } catch {
    return {};
  }
}

function encodedSize(data: TrackingData): number {
  return (
    trackingCookieName.length +
    1 +
    Cookies.converter.write(JSON.stringify(data), trackingCookieName).length
  );
}

/**
 * Shrinks the longest values until the encoded cookie fits, so an oversized cookie is never
 * silently dropped by the browser together with the attribution it carries.
 */
export function fitCookieBudget(data: TrackingData, budget = maxCookieBytes): TrackingData {
  const result = { ...data };
  while (encodedSize(result) > budget) {
    let longest: TrackingField | undefined;
    let longestSize = -1;
    for (const field of trackingFields) {
      const value = result[field];
      if (value === undefined) continue;
      const size = Cookies.converter.write(value, trackingCookieName).length;
      if (size > longestSize) {
        longest = field;
        longestSize = size;
      }
    }
    if (!longest) break;
    const points = Array.from(result[longest] ?? '');
    const kept = points.slice(0, Math.floor(points.length / 2)).join('');
    if (kept) result[longest] = kept;
    else delete result[longest];
  }
  return result;
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
    const cleaned = stored === null ? '' : clean(stored, maxUrlLength);
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
    const cleaned = clean(value, maxValueLength);
    if (cleaned) result[field] = cleaned;
  }
  return result;
}

/**
 * Records a page view: keeps the session's entry path+query, the current path and any campaign
 * parameters (new ones overwrite, absent ones keep what is stored), then rewrites the cookie.
 * Call at start and on every navigation. Returns what was written. Never throws.
 */
export function recordVisit(location: {
  host: string;
  pathname: string;
  search: string;
}): TrackingData {
  const pathname = clean(location.pathname, maxUrlLength) || '/';
  const current = clean(`${pathname}${location.search}`, maxUrlLength) || pathname;
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
