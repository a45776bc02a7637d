// At most one automatic reload per path per 10 s, kept in sessionStorage. When unsure, don't
// reload: a missed reload costs a stale tab, a loop costs the visitor the page.

/** @internal The guard's span; tests read it instead of restating it. */
export const reloadGuardMs = 10_000;
const reloadGuardPrefix = 'reload_guard:';

function keyFor(path: string): string {
  return reloadGuardPrefix + path;
}

function storedAt(key: string): number | null {
  const raw = sessionStorage.getItem(key);
  if (raw === null) return null;
  const at = Number(raw);
  return Number.isFinite(at) ? at : null;
}

function isFresh(at: number, now: number): boolean {
  // A stamp from the future (clock set back) counts as expired rather than blocking for hours.
  return now >= at && now - at < reloadGuardMs;
}

/** @internal */
export function canReload(path: string, now: number = Date.now()): boolean {
  try {
    const at = storedAt(keyFor(path));
    return at === null || !isFresh(at, now);
  } catch {
    return false;
  }
}

/** @internal False when storage refused it. */
export function markReload(path: string, now: number = Date.now()): boolean {
  try {
    const key = keyFor(path);
    sessionStorage.setItem(key, String(now));
    // Some browsers accept setItem into a store they never persist; read back to be sure.
    if (storedAt(key) !== now) return false;
    dropExpired(now);
    return true;
  } catch {
    return false;
  }
}

function dropExpired(now: number): void {
  for (let i = sessionStorage.length - 1; i >= 0; i -= 1) {
    const key = sessionStorage.key(i);
    if (!key?.startsWith(reloadGuardPrefix)) continue;
    const at = storedAt(key);
    if (at === null || !isFresh(at, now)) sessionStorage.removeItem(key);
  }
}

/** False when the guard holds and nothing happened. */
export function guardedReload(target: string, reason: string): boolean {
  try {
    const current = new URL(window.location.href);
    const url = new URL(target, current);
    // Targets come from the router and errors; never let one send the visitor elsewhere.
    if (url.origin !== current.origin) return false;
    const now = Date.now();
    if (!canReload(url.pathname, now) || !markReload(url.pathname, now)) return false;
    console.info('[build-version] reload: ' + reason + ' → ' + target);
    if (url.href === current.href) {
      window.location.reload();
    } else if (url.pathname === current.pathname && url.search === current.search) {
      // A hash-only change is a same-document navigation, which loads nothing: move, then reload.
      window.location.assign(url.href);
      window.location.reload();
    } else {
      window.location.assign(url.href);
    }
    return true;
  } catch {
    return false;
  }
}
