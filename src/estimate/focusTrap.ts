/**
 * Keeps Tab inside an open modal dialog. showModal already makes the rest of the page inert, but
 * Tab past the dialog's last control still leaves the page for the browser's own UI (Chromium
 * focuses the document, then the dialog's first control); focus-trap wraps it round instead.
 * The dialog keeps its own Escape (the cancel event) and its own return of focus to the opener.
 */
import { createFocusTrap } from 'focus-trap';

/** Traps focus in `dialog` until the returned function runs or the dialog closes. */
export function trapFocus(dialog: HTMLDialogElement, fallback: () => HTMLElement): () => void {
  const trap = createFocusTrap(dialog, {
    // showModal has already focused the dialog's first control.
    initialFocus: false,
    fallbackFocus: fallback,
    escapeDeactivates: false,
    returnFocusOnDeactivate: false,
    allowOutsideClick: true,
    // The browser's own visibility check: the script walk reads every control's layout.
    tabbableOptions: { displayCheck: 'full-native' },
  });
  // A closing dialog gives focus back to its opener, outside the trap: let it go. Added before the
  // trap's own focusin listener, so this one runs first and the trap's is removed unrun.
  const release = () => {
    if (!dialog.open) trap.deactivate();
  };
  document.addEventListener('focusin', release, true);
  trap.activate();
  return () => {
    document.removeEventListener('focusin', release, true);
    trap.deactivate();
  };
}
