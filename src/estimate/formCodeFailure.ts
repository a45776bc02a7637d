/**
 * A failed fetch of the estimate form's code must not reload the page, as other failed chunks do
 * (src/build-version/chunkFailure.ts): the reload would lose what was typed, which the form's
 * native post still delivers (EstimateDialog.tsx). The client entry installs this before that
 * handler, so this listener runs first on the same event.
 */
let fetching = false;

/** Marks the form's code as being fetched (or not). */
export function setFetchingFormCode(value: boolean): void {
  fetching = value;
}

/** Keeps a failure while the form's code is fetched from the app's reload; call first. */
export function keepFormCodeFailureFromReloading(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Only the form's own chunk: another chunk failing meanwhile (a page's) is the app's to handle.
    const { payload } = event as Event & { payload?: unknown };
    if (!fetching || !String(payload).includes('/EstimateForm-')) return;
    event.stopImmediatePropagation();
    // Vite then resolves the import to undefined instead of rethrowing: the loader handles it.
    event.preventDefault();
  });
}
