// Tab past a modal dialog's last control still leaves for the browser's UI; focus-trap wraps it.
import { createFocusTrap } from 'focus-trap';

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
  // Let a closing dialog return focus to its opener. Added before the trap's own focusin listener,
  // so this one runs first and the trap's is removed unrun.
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
