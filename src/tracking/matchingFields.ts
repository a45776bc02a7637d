// What a lead keeps so ad platforms can match its conversion to their click, taken at submit from
// the request alone. Untrusted: cleaned and capped like tracking values; out of shape is dropped.
import {
  cleanOpaqueToken,
  cleanPlainText,
  cleanTrackingValue,
  trackingKeys,
  type TrackingKey,
} from './trackingFields';

// The platforms' first-party cookies as their Conversion API docs name them (read 2026-11-25), and
// the Conversion Linker's `_gcl_aw` / `_gcl_gb`, which keep a Google click for 90 days.
const matchingCookies = [
  '_fbp',
  '_fbc',
  '_ly_su',
  '_ly_c',
  '_ly_r',
  '__lt__cid',
  '_gcl_aw',
  '_gcl_gb',
] as const;
export type MatchingCookie = (typeof matchingCookies)[number];

export type MatchingData = {
  cookies: Partial<Record<MatchingCookie, string>>;
  userAgent?: string;
  /** As the edge saw it (the socket's, or CF-Connecting-IP). */
  clientAddress?: string;
  eventSourceUrl?: string;
  privacyPolicyVersion?: string;
  /** Click ids sent over the cap: dropped, never cut, and named so staff read why. */
  overlongClickIds?: TrackingKey[];
};

const addressPattern = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$/;
const versionPattern = /^\d{4}-\d{2}-\d{2}$/;

function cleanAddress(value: string): string {
  const trimmed = value.trim();
  return trimmed.length <= 45 && addressPattern.test(trimmed) ? trimmed : '';
}

function cleanOrigin(value: string): string {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value ? url.origin : '';
  } catch {
    return '';
  }
}

function eventSourceUrl(origin: string, path: string): string {
  const cleanedOrigin = cleanOrigin(origin);
  if (!cleanedOrigin) return '';
  return `${cleanedOrigin}${cleanTrackingValue('estimate_generated_url', path) || '/'}`;
}

/** The first of a repeated name wins. */
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

/** `formPath` is the lead's estimate_generated_url, already cleaned. */
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

/** Every stored value is re-checked. */
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
  const overlong = Array.isArray(record.overlongClickIds) ? record.overlongClickIds : [];
  const keys = trackingKeys.filter((key) => overlong.includes(key));
  if (keys.length > 0) data.overlongClickIds = keys;
  return data;
}
