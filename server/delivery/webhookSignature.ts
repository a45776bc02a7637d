/** So the receiver can tell the webhook came from this site (docs/deploy.md shows a check). */
import { hexOf } from '../leads/contentHash';

export const timestampHeader = 'X-Shaken-Timestamp';
export const signatureHeader = 'X-Shaken-Signature';

const encoder = new TextEncoder();

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
  return `sha256=${hexOf(mac)}`;
}
