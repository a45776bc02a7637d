// Moves the visitor onto a new build at the least disruptive moment: the next in-app navigation,
// or an idle moment, but never while something holds what they typed.
import { hasPendingInput, onPendingInputChange } from '../lib/pendingInput';
import { guardedReload } from './reloadGuard';
import { whenIdle } from '../lib/whenIdle';

type State = {
  newBuildId: string | null;
  unsubscribe: (() => void) | null;
  cancelIdle: (() => void) | null;
};

const state: State = { newBuildId: null, unsubscribe: null, cancelIdle: null };

function reason(): string {
  return 'new build ' + (state.newBuildId ?? '');
}

function clearWaits(): void {
  state.unsubscribe?.();
  state.unsubscribe = null;
  state.cancelIdle?.();
  state.cancelIdle = null;
}

/** E.g. the estimate's receipt: reloading would take the confirmation away. */
function isDialogOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

function isBusy(): boolean {
  return hasPendingInput() || isDialogOpen();
}

function reloadWhenFree(): void {
  clearWaits();
  if (isBusy()) {
    const recheck = () => {
      if (!isBusy()) reloadWhenFree();
    };
    const unsubscribe = onPendingInputChange(recheck);
    // 'close' does not bubble: listen in the capture phase for any dialog closing.
    document.addEventListener('close', recheck, true);
    state.unsubscribe = () => {
      unsubscribe();
      document.removeEventListener('close', recheck, true);
    };
    return;
  }
  state.cancelIdle = whenIdle(() => {
    state.cancelIdle = null;
    // Input may have started between scheduling and now.
    if (isBusy()) reloadWhenFree();
    else guardedReload(window.location.href, reason());
  }, 5_000);
}

export function handleNewBuild(id?: string): void {
  if (state.newBuildId !== null) return;
  state.newBuildId = id ?? '(id not given)';
  try {
    reloadWhenFree();
  } catch (error) {
    console.error('[build-version] could not schedule the reload', error);
  }
}

/** True when the page is unloading onto the new build; the router should stop. */
export function navigateWithFullLoad(href: string): boolean {
  if (state.newBuildId === null || hasPendingInput()) return false;
  const started = guardedReload(href, reason());
  if (started) clearWaits();
  return started;
}

/** @internal Forgets any reported build and pending waits; for tests. */
export function resetNewBuildReload(): void {
  clearWaits();
  state.newBuildId = null;
}
