/**
 * Google Tag Manager's dataLayer. Pushing works whether or not GTM ever loads (blocked by an ad
 * blocker, offline): events queue in the array and are never a reason for the page to fail.
 */
export type DataLayerEventName =
  | 'estimate_open'
  | 'estimate_submit'
  | 'estimate_success'
  | 'estimate_error'
  | 'estimate_field_error'
  | 'estimate_progress'
  | 'estimate_abandon'
  | 'web_vitals'
  | 'phone_click'
  | 'page_view';

/**
 * Event fields: strings, numbers (counts, web vitals), or one level of strings
 * (user_provided_data). docs/tracking.md lists them.
 */
export type DataLayerParams = Record<string, string | number | Record<string, string>>;

type DataLayerWindow = Window & { dataLayer?: unknown };

function push(entry: Record<string, unknown>): void {
  try {
    if (typeof window === 'undefined') return;
    const w = window as DataLayerWindow;
    if (!Array.isArray(w.dataLayer)) w.dataLayer = [];
    (w.dataLayer as unknown[]).push(entry);
  } catch {
    // A broken dataLayer (or a throwing GTM push) must not break the page.
  }
}

export function pushEvent(event: DataLayerEventName, params: DataLayerParams): void {
  // `event` last, so a parameter can never rename the event.
  push({ ...params, event });
}

/**
 * Clears keys from the tag manager's data model (GTM keeps every pushed key for later events
 * until it is set to null), so a value meant for one event is not read by the next one.
 */
export function clearDataLayerKeys(keys: readonly string[]): void {
  push(Object.fromEntries(keys.map((key) => [key, null])));
}

const containerIdPattern = /^GTM-[A-Z0-9]+$/;

/**
 * Whether `containerId` is a tag-manager container id. The prerender writes it into the page, and
 * the first-paint script (src/firstPaint/appLoader.ts) loads the tag manager with it after the first paint.
 */
export function isGtmContainerId(containerId: string): boolean {
  return containerIdPattern.test(containerId);
}

/**
 * Reports every tap on a tel: link as phone_click, with the link's data-phone-link as the entry
 * point. One delegated listener covers links rendered later too. Returns the remover.
 */
export function installPhoneClickTracking(brand: string): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const link = target.closest('a[href^="tel:"]');
    if (!link) return;
    pushEvent('phone_click', {
      brand,
      entry_point: link.getAttribute('data-phone-link') || 'unknown',
    });
  };
  // Capture phase: a handler that stops propagation must not hide the call from marketing.
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
