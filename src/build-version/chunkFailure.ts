/**
 * A tab opened before a deploy asks for files the deploy removed: hashed chunks and the old
 * build's payloads. Loading the target page in full fetches the new build; the reload guard
 * keeps that to one attempt per path per 10 s, after which the error page offers a button.
 */
import { guardedReload } from './reloadGuard';

/** Thrown by the payload loader when a page payload answers 404 or isn't JSON. */
export class PayloadLoadError extends Error {
  override name = 'PayloadLoadError';
  readonly url: string;

  constructor(url: string, detail: string, options?: ErrorOptions) {
    super(`Payload failed to load: ${url} (${detail})`, options);
    this.url = url;
  }
}

// What Chromium, Safari, Firefox and Vite's preload helper say when an import can't load.
const chunkMessages = [
  'failed to fetch dynamically imported module',
  'importing a module script failed',
  'error loading dynamically imported module',
  'unable to preload css',
];

/** @internal Whether `error` means a lazy chunk or a page payload could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof PayloadLoadError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError' || name === 'PayloadLoadError') return true;
  if (typeof message !== 'string') return false;
  const lower = message.toLowerCase();
  return chunkMessages.some((text) => lower.includes(text));
}

function describe(error: unknown): string {
  return error instanceof PayloadLoadError ? 'payload load failed' : 'chunk load failed';
}

/**
 * For the error boundary: reloads `targetPath` once when `error` is a load failure
 * ('reloading'); otherwise, or while the guard holds, the boundary shows its error page.
 */
export function recoverFromChunkError(
  error: unknown,
  targetPath: string,
): 'reloading' | 'show-error' {
  if (!isChunkLoadError(error)) return 'show-error';
  return guardedReload(targetPath, describe(error)) ? 'reloading' : 'show-error';
}

export type ChunkFailureOptions = {
  /**
   * True while an in-app navigation is under way. A chunk failing then belongs to the page being
   * navigated to, not to the one on screen: the route's error boundary reloads that target (it
   * knows it), so reloading the current URL here would drop the visitor back where they were.
   */
  isNavigating?: () => boolean;
};

/** Reloads the page when Vite reports a failed preload; returns a function that uninstalls. */
export function installChunkFailureHandlers(options: ChunkFailureOptions = {}): () => void {
  const onPreloadError = (event: Event) => {
    if (options.isNavigating?.()) return;
    // Cancel Vite's rethrow only when the reload is under way: if the guard holds, the error
    // must reach the route's error boundary, or the import resolves to undefined and the page
    // fails with a confusing error instead.
    if (guardedReload(window.location.href, 'chunk load failed')) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
