/**
 * The fields of the tracking_data cookie and of the estimate request's `tracking`, with their caps:
 * the one definition the cookie code (trackingData.ts), the head script (captureEntry.ts) and the
 * shared schema (estimate/contract/validation/estimateSchema.ts, so the local API too) import.
 * Framework-free and tiny.
 */
import { stripUnsafeChars } from '../lib/safeText';

/** Campaign query parameter → field (spec section 9). */
const campaignFieldMap = {
  utm_source: 'source',
  utm_medium: 'inquiry_medium',
  utm_campaign: 'campaign',
  utm_term: 'term',
  utm_content: 'inquiry_content',
  gclid: 'gaid',
} as const;

/**
 * Click ids of the other ad platforms used in Japan, each kept under its query parameter's own
 * name: Yahoo!広告 (yclid), Google Ads on iOS (wbraid, gbraid), Meta (fbclid), Microsoft
 * Advertising (msclkid), LINE広告 (ldtag_cl).
 */
export const clickIdParams = [
  'yclid',
  'wbraid',
  'gbraid',
  'fbclid',
  'msclkid',
  'ldtag_cl',
] as const;

/** Every recorded query parameter → its field. */
export const queryFieldMap = {
  ...campaignFieldMap,
  ...(Object.fromEntries(clickIdParams.map((param) => [param, param])) as {
    [P in (typeof clickIdParams)[number]]: P;
  }),
};

export type AttributionParam = keyof typeof queryFieldMap;

/** The query parameters kept in lp_entry_url: the recorded ones, nothing else. */
export const attributionParams = Object.keys(queryFieldMap) as AttributionParam[];

const urlFields = ['lp_entry_url', 'estimate_generated_url'] as const;

export const trackingKeys = [...urlFields, ...Object.values(queryFieldMap)] as const;
export type TrackingKey = (typeof trackingKeys)[number];
export type TrackingData = Partial<Record<TrackingKey, string>>;

/**
 * Caps in code points. With every field at its cap in ASCII the encoded cookie still fits the
 * 3800-byte budget (trackingData.ts), so no real click id or campaign is ever shortened to fit;
 * only multi-byte or hostile values are (tests/tracking/trackingData.dom.test.ts checks both).
 */
export const trackingUrlMaxLength = 512;
/** @internal Exported: tests fill every field at its cap. */
export const trackingValueMaxLength = 200;

function isUrlField(key: string): boolean {
  return (urlFields as readonly string[]).includes(key);
}

/** @internal Exported: tests fill every field at its cap. */
export function trackingMaxLength(key: TrackingKey): number {
  return isUrlField(key) ? trackingUrlMaxLength : trackingValueMaxLength;
}

/** Trims, strips unsafe characters and caps at `max` code points; '' when nothing is left. */
function cleanText(value: string, max: number): string {
  const stripped = stripUnsafeChars(value).trim();
  const points = Array.from(stripped);
  return points.length > max ? points.slice(0, max).join('').trim() : stripped;
}

/**
 * A path with only the attribution parameters of its query kept, in their order, and no
 * fragment: "/?email=a@b&utm_source=x&token=t#f" → "/?utm_source=x". A link may carry personal
 * data or secrets (a newsletter's email, a login token) that must not sit in a cookie every page
 * of the domain reads, nor in a stored lead.
 * @internal Exported for its unit tests.
 */
export function keepAttributionParams(pathAndQuery: string): string {
  const withoutFragment = pathAndQuery.split('#', 1)[0] ?? '';
  const queryStart = withoutFragment.indexOf('?');
  if (queryStart === -1) return withoutFragment;
  const path = withoutFragment.slice(0, queryStart);
  const kept = new URLSearchParams();
  // URLSearchParams replaces malformed escapes with U+FFFD instead of throwing.
  for (const [name, value] of new URLSearchParams(withoutFragment.slice(queryStart))) {
    if ((attributionParams as string[]).includes(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Click ids are opaque tokens in URL-safe characters (RFC 3986's unreserved set): gclid, wbraid,
 * gbraid and fbclid are base64url (`-`, `_`), yclid reads like `YSS.1234567890.EAIaIQ…` (`.`),
 * msclkid is hex. Anything else in one is not from an ad platform.
 */
const clickIdPattern = /^[A-Za-z0-9._~-]+$/;
const clickIdFields: readonly TrackingKey[] = ['gaid', ...clickIdParams];

/**
 * Campaign values (utm_*) are plain text. Markup has no business there, and a value starting like
 * a formula (=, +, -, @, or their full-width forms; tab and CR are stripped before this check and
 * leave what follows at the start) would run as one in a spreadsheet the lead is exported to.
 */
const markup = /[<>＜＞]/u;
const formulaStart = /^[=+\-@＝＋－＠]/u;

/**
 * lp_entry_url and estimate_generated_url are paths on this site: one leading `/`, never `//`
 * (a protocol-relative URL) or `\` (read as `/` by browsers), no scheme, no spaces or markup.
 */
function isSameSitePath(value: string): boolean {
  return /^\/[^\s\\<>"`]*$/u.test(value) && !value.includes('//');
}

/**
 * A click id or an ad platform's cookie value as stored: cleaned and capped like a tracking
 * value, '' when it is not an opaque token of URL-safe characters.
 */
export function cleanOpaqueToken(value: string, max = trackingValueMaxLength): string {
  const cleaned = cleanText(value, max);
  return clickIdPattern.test(cleaned) ? cleaned : '';
}

/**
 * Free text kept for matching (a user agent): cleaned and capped like a tracking value, '' when it
 * holds markup or starts like a formula (the rule campaign values follow).
 */
export function cleanPlainText(value: string, max = trackingUrlMaxLength): string {
  const cleaned = cleanText(value, max);
  return cleaned && !markup.test(cleaned) && !formulaStart.test(cleaned) ? cleaned : '';
}

/** Whether a cleaned value has the field's shape. */
function hasTrackingShape(key: TrackingKey, value: string): boolean {
  if (isUrlField(key)) return isSameSitePath(value);
  if (clickIdFields.includes(key)) return clickIdPattern.test(value);
  return !markup.test(value) && !formulaStart.test(value);
}

/**
 * A tracking value as stored: unsafe characters stripped, trimmed and capped; urls keep only
 * their attribution parameters. '' when nothing is left, or when the value is outside the field's
 * shape (hasTrackingShape): the cookie lives on the shared domain, where any subdomain can set it.
 */
export function cleanTrackingValue(key: TrackingKey, value: string): string {
  const max = trackingMaxLength(key);
  const cleaned = isUrlField(key)
    ? cleanText(keepAttributionParams(stripUnsafeChars(value)), max)
    : cleanText(value, max);
  return cleaned && hasTrackingShape(key, cleaned) ? cleaned : '';
}
