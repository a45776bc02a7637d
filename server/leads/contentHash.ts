// One lead is one brand, vehicle, customer and request: a second car from the same person is a new
// lead. Web Crypto only, so it runs in Node and Workers alike.
import type { BrandId } from '../../src/brand/brands';

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

export function hexOf(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(text: string): Promise<string> {
  return hexOf(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** What the IETF Idempotency-Key draft compares to tell a replay from a reused key. */
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
