// A failed fetch of the form's code must not reload the page as other chunks do: that would lose
// what was typed, which the native post still delivers. Installed before chunkFailure.ts's handler.
let fetching = false;

export function setFetchingFormCode(value: boolean): void {
  fetching = value;
}

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
