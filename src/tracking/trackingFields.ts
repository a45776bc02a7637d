// The tracking fields and their caps: one definition for the cookie, the head script and the schema.
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

/** Other platforms' click ids, under their own names (yclid: Yahoo!広告, ldtag_cl: LINE広告). */
export const clickIdParams = [
  'yclid',
  'wbraid',
  'gbraid',
  'fbclid',
  'msclkid',
  'ldtag_cl',
] as const;

export const queryFieldMap = {
  ...campaignFieldMap,
  ...(Object.fromEntries(clickIdParams.map((param) => [param, param])) as {
    [P in (typeof clickIdParams)[number]]: P;
  }),
};

export type AttributionParam = keyof typeof queryFieldMap;

export const attributionParams = Object.keys(queryFieldMap) as AttributionParam[];

const urlFields = ['lp_entry_url', 'estimate_generated_url'] as const;

export const trackingKeys = [...urlFields, ...Object.values(queryFieldMap)] as const;
export type TrackingKey = (typeof trackingKeys)[number];
export type TrackingData = Partial<Record<TrackingKey, string>>;

// Caps in code points: every field at its cap in ASCII still fits the cookie's 3800-byte budget.
export const trackingUrlMaxLength = 512;
/** Tests fill every field at its cap; a click id over it is dropped (cleanOpaqueToken). */
export const trackingValueMaxLength = 200;

function isUrlField(key: string): boolean {
  return (urlFields as readonly string[]).includes(key);
}

/** For nginx's buffer sizing; tests fill every field at its cap. */
export function trackingMaxLength(key: TrackingKey): number {
  return isUrlField(key) ? trackingUrlMaxLength : trackingValueMaxLength;
}

function cleanText(value: string, max: number): string {
  const stripped = stripUnsafeChars(value).trim();
  const points = Array.from(stripped);
  return points.length > max ? points.slice(0, max).join('').trim() : stripped;
}

/** @internal Exported for tests. Only attribution parameters: a link may carry an email or token. */
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

// Click ids are opaque URL-safe tokens (base64url, yclid's dots, hex); anything else is not one.
const clickIdPattern = /^[A-Za-z0-9._~-]+$/;
const clickIdFields: readonly TrackingKey[] = ['gaid', ...clickIdParams];

// A value starting like a formula (=+-@, full-width too) runs as one in an exported spreadsheet.
const markup = /[<>＜＞]/u;
const formulaStart = /^[=+\-@＝＋－＠]/u;

// One leading '/', never '//' (protocol-relative) or '\' (read as '/' by browsers).
function isSameSitePath(value: string): boolean {
  return /^\/[^\s\\<>"`]*$/u.test(value) && !value.includes('//');
}

/** A click id or cookie over `max` is dropped, never cut: a cut id is another click's, or none. */
export function cleanOpaqueToken(value: string, max = trackingValueMaxLength): string {
  const cleaned = stripUnsafeChars(value).trim();
  return cleaned.length <= max && clickIdPattern.test(cleaned) ? cleaned : '';
}

/** For the server's matching: a click id given but over the cap, to say why it is gone. */
export function isOverlongClickId(key: TrackingKey, value: unknown): boolean {
  return (
    clickIdFields.includes(key) &&
    typeof value === 'string' &&
    stripUnsafeChars(value).trim().length > trackingValueMaxLength
  );
}

export function cleanPlainText(value: string, max = trackingUrlMaxLength): string {
  const cleaned = cleanText(value, max);
  return cleaned && !markup.test(cleaned) && !formulaStart.test(cleaned) ? cleaned : '';
}

function hasTrackingShape(key: TrackingKey, value: string): boolean {
  if (isUrlField(key)) return isSameSitePath(value);
  if (clickIdFields.includes(key)) return clickIdPattern.test(value);
  return !markup.test(value) && !formulaStart.test(value);
}

/** '' when outside the field's shape: any subdomain can set the shared-domain cookie. */
export function cleanTrackingValue(key: TrackingKey, value: string): string {
  const max = trackingMaxLength(key);
  if (clickIdFields.includes(key)) return cleanOpaqueToken(value, max);
  const cleaned = isUrlField(key)
    ? cleanText(keepAttributionParams(stripUnsafeChars(value)), max)
    : cleanText(value, max);
  return cleaned && hasTrackingShape(key, cleaned) ? cleaned : '';
}
