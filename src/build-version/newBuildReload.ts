/**
 * What to do once a new build is live: move the visitor onto it with a full page load, at the
 * least disruptive moment. That is the next in-app navigation (the page changes anyway), or an
 * idle moment right away, but never while something holds what the visitor typed.
 */
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

/**
 * A modal dialog on screen, e.g. the estimate's receipt after a successful send: it holds no
 * input any more, but reloading would take the confirmation away from the visitor.
 */
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

/** Starts moving the page onto the new build `id`; later calls change nothing. */
export function handleNewBuild(id?: string): void {
  if (state.newBuildId !== null) return;
  state.newBuildId = id ?? '(id not given)';
  try {
    reloadWhenFree();
  } catch (error) {
    console.error('[build-version] could not schedule the reload', error);
  }
}

/**
 * For the router: once a new build is known, turns an in-app navigation to `href` into a full
 * load. Returns true when it did (the page is unloading; the router should stop), false when
 * the navigation should go on in-app (no new build, typed input to keep, or the guard holds).
 */
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
