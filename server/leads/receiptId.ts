import { tokyoToday } from '../../src/lib/tokyoTime';

/** Crockford's base32 without I, L, O, U: read aloud on the phone without confusion. */
const idAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The shape of a receipt id: the day in Japan, then 8 letters or digits. */
export const receiptIdPattern = /^\d{6}-[0-9A-Z]{8}$/;

/** The day in Japan and 8 random characters (32^8 ≈ 10^12 a day), e.g. "261124-7K3QF9ZD". */
export function receiptId(now: Date): string {
  const day = tokyoToday(now).slice(2).replace(/-/g, '');
  const random = crypto.getRandomValues(new Uint8Array(8));
  return `${day}-${Array.from(random, (byte) => idAlphabet[byte % 32]).join('')}`;
}
