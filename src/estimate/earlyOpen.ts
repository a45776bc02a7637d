/**
 * Estimate opens the app has to honour once it runs, from three places:
 * - a tap on an opener or a simple-form submit between first paint and the app's start, which
 *   the first-paint loader (prerender/firstPaint.ts) keeps in `window.__estimateTap`;
 * - a simple form's native GET (no JavaScript at the time), whose values are in the URL;
 * - an open whose modal code failed to load, kept in sessionStorage so the guarded reload
 *   opens the modal again.
 * Everything read here is untrusted. Loaded only when openers.ts says there is something to do.
 */
import { clearReopen, formAttribute, openerAttribute, readReopen } from './openers';
import {
  entryPointFieldName,
  isEntryPoint,
  quickFieldNames,
  type OpenEstimateOptions,
  type QuickFields,
} from './types';

/** A reopen older than this belongs to another visit of the page; it is ignored. */
const reopenMaxAgeMs = 60_000;
/** Longer than any quick field a visitor types; anything longer is cut. */
const maxValueLength = 200;

function readPrefill(source: (name: string) => unknown): Partial<QuickFields> | undefined {
  const prefill: Partial<QuickFields> = {};
  let any = false;
  for (const name of quickFieldNames) {
    const value = source(name);
    if (typeof value === 'string' && value.trim() !== '') {
      prefill[name] = value.slice(0, maxValueLength);
      any = true;
    }
  }
  return any ? prefill : undefined;
}

/** Options from untrusted data shaped like `{ entryPoint, prefill? }`, or null. */
export function parseOpenOptions(raw: unknown): OpenEstimateOptions | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { entryPoint, prefill } = raw as { entryPoint?: unknown; prefill?: unknown };
  if (!isEntryPoint(entryPoint)) return null;
  const fields =
    typeof prefill === 'object' && prefill !== null
      ? readPrefill((name) => (prefill as Record<string, unknown>)[name])
      : undefined;
  return fields ? { entryPoint, prefill: fields } : { entryPoint };
}

/**
 * When the URL carries a simple form's native GET, takes its values out of the URL with
 * history.replaceState (every other parameter, utm_* and gclid included, stays as it was) and
 * keeps them as the pending tap, unless a later tap is already waiting. Call before the router
 * reads the URL.
 */
export function adoptFormFromUrl(): void {
  let url: URL;
  try {
    url = new URL(window.location.href);
  } catch {
    return;
  }
  const params = url.searchParams;
  if (!params.has(entryPointFieldName)) return;
  const options = parseOpenOptions({
    entryPoint: params.get(entryPointFieldName),
    prefill: Object.fromEntries(quickFieldNames.map((name) => [name, params.get(name)])),
  });
  for (const name of [entryPointFieldName, ...quickFieldNames]) params.delete(name);
  try {
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  } catch {
    // A sandboxed frame may refuse; the values still open the modal.
  }
  if (options && window.__estimateTap === undefined) window.__estimateTap = options;
}

function takeReopen(now: number): OpenEstimateOptions | null {
  try {
    const raw = readReopen();
    if (!raw) return null;
    clearReopen();
    const parsed = JSON.parse(raw) as { at?: unknown };
    const at = typeof parsed.at === 'number' ? parsed.at : NaN;
    return now >= at && now - at < reopenMaxAgeMs ? parseOpenOptions(parsed) : null;
  } catch {
    return null;
  }
}

/**
 * The open the app owes the visitor at start, once: a tap before the app ran (or a native GET's
 * values), else an open whose code failed to load just before a reload. Clears the busy state
 * the loader put on the tapped control.
 */
export function takeEarlyOpen(now = Date.now()): OpenEstimateOptions | null {
  const tap = parseOpenOptions(window.__estimateTap);
  delete window.__estimateTap;
  document
    .querySelectorAll(`[${openerAttribute}][aria-busy], [${formAttribute}] [aria-busy]`)
    .forEach((element) => element.removeAttribute('aria-busy'));
  const reopen = takeReopen(now);
  return tap ?? reopen;
}
