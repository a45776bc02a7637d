/**
 * What the server keeps with a lead so that the ad platforms can match its conversion to their
 * click (server/core/conversions/): the platforms' own first-party cookies, the browser's user agent,
 * the client's address as the edge saw it, the page the estimate was sent from, and the privacy
 * policy version the visitor agreed to. Captured at submit from the request alone (the cookies
 * travel with the site's own POST), so the page sends nothing more and runs no more script.
 * Everything here is untrusted: cleaned, shape-checked and capped like tracking values
 * (trackingFields.ts), a value out of shape is dropped.
 */
import { cleanOpaqueToken, cleanPlainText, cleanTrackingValue } from './trackingFields';

/**
 * The platforms' first-party cookies, as each platform's documentation names them:
 * - Meta: `_fbp` (browser id) and `_fbc` (click id), "fbp and fbc parameters",
 *   https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/ (read
 *   2026-11-25);
 * - LINEヤフー (Yahoo!広告): `_ly_su` (anonymous id), `_ly_c` (click id), `_ly_r` (complementary
 *   click id), which the tracking tag sets and the Conversion API takes as `ly_su`, `ly_c`, `ly_r`
 *   (https://ads-developers.yahoo.co.jp/ja/conversion-api/post/30590611.html and LINEヤフー's
 *   server tag template, read 2026-11-25);
 * - LINE: `__lt__cid`, the LINE Tag's browser id, which the Conversion API takes as
 *   `user.browser_id` (https://conversion-api-docs.linebiz.com/ja/, read 2026-11-25).
 */
const matchingCookies = ['_fbp', '_fbc', '_ly_su', '_ly_c', '_ly_r', '__lt__cid'] as const;
export type MatchingCookie = (typeof matchingCookies)[number];

export type MatchingData = {
  cookies: Partial<Record<MatchingCookie, string>>;
  /** The browser's User-Agent header. */
  userAgent?: string;
  /** The client's IP address as the edge saw it (the socket's, or CF-Connecting-IP). */
  clientAddress?: string;
  /** The page the estimate was sent from: the site's origin and the form's path. */
  eventSourceUrl?: string;
  /** The privacy policy version (its revision date) in force when the visitor agreed. */
  privacyPolicyVersion?: string;
};

/** An IPv4 or IPv6 address in text form (no zone, no port). */
const addressPattern = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$/;
const versionPattern = /^\d{4}-\d{2}-\d{2}$/;

function cleanAddress(value: string): string {
  const trimmed = value.trim();
  return trimmed.length <= 45 && addressPattern.test(trimmed) ? trimmed : '';
}

/** `https://host[:port]` of the site itself, nothing else. */
function cleanOrigin(value: string): string {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value ? url.origin : '';
  } catch {
    return '';
  }
}

/** The site's origin and a path of it ('/' for a path out of shape), or '' for a bad origin. */
function eventSourceUrl(origin: string, path: string): string {
  const cleanedOrigin = cleanOrigin(origin);
  if (!cleanedOrigin) return '';
  return `${cleanedOrigin}${cleanTrackingValue('estimate_generated_url', path) || '/'}`;
}

/** The cookies of a Cookie header that matching needs, cleaned; the first of a repeated name. */
function cookiesOf(header: string | null): MatchingData['cookies'] {
  const cookies: MatchingData['cookies'] = {};
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    if (!(matchingCookies as readonly string[]).includes(name)) continue;
    const key = name as MatchingCookie;
    if (cookies[key] !== undefined) continue;
    let raw = pair.slice(separator + 1).trim();
    try {
      raw = decodeURIComponent(raw);
    } catch {
      continue;
    }
    const cleaned = cleanOpaqueToken(raw);
    if (cleaned) cookies[key] = cleaned;
  }
  return cookies;
}

/**
 * What matching needs from one estimate request. `formPath` is the lead's own
 * estimate_generated_url (already cleaned to a path of this site).
 */
export function matchingData(input: {
  cookieHeader: string | null;
  userAgent: string | null;
  clientAddress: string;
  siteOrigin: string;
  formPath: string | undefined;
  privacyPolicyVersion: string;
}): MatchingData {
  const data: MatchingData = { cookies: cookiesOf(input.cookieHeader) };
  const userAgent = cleanPlainText(input.userAgent ?? '');
  if (userAgent) data.userAgent = userAgent;
  const address = cleanAddress(input.clientAddress);
  if (address) data.clientAddress = address;
  const url = eventSourceUrl(input.siteOrigin, input.formPath ?? '');
  if (url) data.eventSourceUrl = url;
  if (versionPattern.test(input.privacyPolicyVersion)) {
    data.privacyPolicyVersion = input.privacyPolicyVersion;
  }
  return data;
}

/** A stored lead's matching data read back (from the JSON-lines file or D1), every value re-checked. */
export function storedMatchingData(value: unknown): MatchingData | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : '');
  const cookieRecord =
    typeof record.cookies === 'object' && record.cookies !== null
      ? (record.cookies as Record<string, unknown>)
      : {};
  const cookies: MatchingData['cookies'] = {};
  for (const name of matchingCookies) {
    const raw = cookieRecord[name];
    const cleaned = typeof raw === 'string' ? cleanOpaqueToken(raw) : '';
    if (cleaned) cookies[name] = cleaned;
  }
  const data: MatchingData = { cookies };
  const userAgent = cleanPlainText(text('userAgent'));
  if (userAgent) data.userAgent = userAgent;
  const address = cleanAddress(text('clientAddress'));
  if (address) data.clientAddress = address;
  const stored = text('eventSourceUrl');
  const origin = /^https?:\/\/[^/]+/.exec(stored)?.[0] ?? '';
  const url = origin ? eventSourceUrl(origin, stored.slice(origin.length)) : '';
  if (url) data.eventSourceUrl = url;
  if (versionPattern.test(text('privacyPolicyVersion'))) {
    data.privacyPolicyVersion = text('privacyPolicyVersion');
  }
  return data;
}
