// GTM's dataLayer: pushes queue in the array whether or not GTM ever loads (ad blocker, offline).
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

/** One level of strings for user_provided_data. docs/tracking.md lists the fields. */
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

/** GTM keeps every pushed key for later events until it is set to null. */
export function clearDataLayerKeys(keys: readonly string[]): void {
  push(Object.fromEntries(keys.map((key) => [key, null])));
}

const containerIdPattern = /^GTM-[A-Z0-9]+$/;

export function isGtmContainerId(containerId: string): boolean {
  return containerIdPattern.test(containerId);
}

/** One delegated listener covers links rendered later too. */
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
