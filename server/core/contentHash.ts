/**
 * What makes two leads the same lead: the brand and the validated (normalised) vehicle, customer
 * and request. The same content within minutes is one lead; a second car from the same person
 * differs in `vehicle` and is a new one. Also the fingerprint of a body as sent, which a reused
 * Idempotency-Key is checked against. Web Crypto only, so it runs in Node and Workers alike.
 */
import type { BrandId } from '../../src/brand/brands';

/** JSON with object keys sorted, so the same content always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Hex SHA-256 of `text`. */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Fingerprint of a request body as sent (the parsed JSON, keys sorted): what the IETF
 * Idempotency-Key draft compares to tell a replay from another request under a reused key.
 */
export function requestFingerprint(body: unknown): Promise<string> {
  return sha256Hex(canonicalJson(body));
}

export function leadContentHash(
  brand: BrandId,
  content: { vehicle: unknown; customer: unknown; request: unknown },
): Promise<string> {
  return sha256Hex(
    canonicalJson({
      brand,
      vehicle: content.vehicle,
      customer: content.customer,
      request: content.request,
    }),
  );
}
