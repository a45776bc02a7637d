/**
 * The signature a lead's webhook carries, so the receiver (a CRM, kintone, a chat tool) can tell
 * it came from this site: `X-Shaken-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." +
 * body)>` with `X-Shaken-Timestamp: <Unix seconds>`. Web Crypto: the same code runs on Workers
 * and in Node (docs/deploy.md shows a receiver verifying it).
 */

export const timestampHeader = 'X-Shaken-Timestamp';
export const signatureHeader = 'X-Shaken-Signature';

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The value of the signature header for `body` sent at `timestamp` (Unix seconds, as a string). */
export async function signWebhook(
  secret: string,
  timestamp: string,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`));
  return `sha256=${hex(mac)}`;
}
