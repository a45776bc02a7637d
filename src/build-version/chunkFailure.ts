// A tab opened before a deploy asks for files the deploy removed: a full load fetches the new
// build, at most once per path per 10 s (reloadGuard.ts), then the error page offers a button.
import { guardedReload } from './reloadGuard';

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

/** @internal */
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

/** 'show-error' when not a load failure or while the guard holds. */
export function recoverFromChunkError(
  error: unknown,
  targetPath: string,
): 'reloading' | 'show-error' {
  if (!isChunkLoadError(error)) return 'show-error';
  return guardedReload(targetPath, describe(error)) ? 'reloading' : 'show-error';
}

export type ChunkFailureOptions = {
  /** A chunk failing mid-navigation is the target's: its route's error boundary reloads that. */
  isNavigating?: () => boolean;
};

export function installChunkFailureHandlers(options: ChunkFailureOptions = {}): () => void {
  const onPreloadError = (event: Event) => {
    if (options.isNavigating?.()) return;
    // Cancel Vite's rethrow only when reloading: else the error must reach the error boundary, or
    // the import resolves to undefined and the page fails confusingly.
    if (guardedReload(window.location.href, 'chunk load failed')) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
