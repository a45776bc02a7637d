// Follows the dialog, which opens without the form's code. `onOpen` runs on the tap's frame,
// `afterOpen` at the first idle moment; the focus trap is set up by the first Tab.
import { useCallback, useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { whenIdle } from '../lib/whenIdle';
import { estimateOpenEvent } from './dialog';
import { trapFocus } from './focusTrap';

type Follow = {
  onOpen: () => void;
  afterOpen: () => void;
  onClose: () => void;
  mayCancel: () => boolean;
  fallbackFocus: () => HTMLElement | null;
};

/** The returned function runs a pending `afterOpen` at once (before a submit reads values). */
export function useFollowDialog(
  dialogRef: RefObject<HTMLDialogElement | null>,
  follow: Follow,
): () => void {
  const pending = useRef<(() => void) | null>(null);
  const flush = useCallback(() => {
    const run = pending.current;
    pending.current = null;
    run?.();
  }, []);
  const onOpen = useEffectEvent(follow.onOpen);
  const afterOpen = useEffectEvent(follow.afterOpen);
  const onClose = useEffectEvent(follow.onClose);
  const mayCancel = useEffectEvent(follow.mayCancel);
  const fallbackFocus = useEffectEvent(follow.fallbackFocus);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    let release: (() => void) | null = null;
    let cancelIdle = () => {};
    // On the window in capture, ahead of the document's listeners: the trap set up here (on the
    // document) handles this same Tab.
    const trapOnTab = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !dialog.open || release) return;
      release = trapFocus(dialog, () => fallbackFocus() ?? dialog);
    };
    const stop = () => {
      cancelIdle();
      window.removeEventListener('keydown', trapOnTab, true);
      release?.();
      release = null;
    };
    const opened = () => {
      stop();
      onOpen();
      pending.current = afterOpen;
      cancelIdle = whenIdle(flush, 500);
      window.addEventListener('keydown', trapOnTab, true);
    };
    const closed = () => {
      cancelIdle();
      flush();
      stop();
      onClose();
    };
    const cancel = (event: Event) => {
      if (!mayCancel()) event.preventDefault();
    };
    if (dialog.open) opened();
    dialog.addEventListener(estimateOpenEvent, opened);
    dialog.addEventListener('close', closed);
    dialog.addEventListener('cancel', cancel);
    return () => {
      stop();
      dialog.removeEventListener(estimateOpenEvent, opened);
      dialog.removeEventListener('close', closed);
      dialog.removeEventListener('cancel', cancel);
    };
  }, [dialogRef, flush]);

  return flush;
}
