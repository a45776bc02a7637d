/**
 * Light/dark theme: `data-theme="dark"` on <html>, remembered in localStorage. Light is the
 * default (spec 9), so light is stored as the absence of the attribute.
 */

export type Theme = 'light' | 'dark';

/** @internal The storage key, read by tests. */
export const themeStorageKey = 'theme';

/**
 * Inline script for <head>: applies the stored theme before first paint so a dark-theme visitor
 * never sees a light flash. Storage access can throw (blocked cookies, sandboxed frames), hence
 * the try; a failure just leaves the light default.
 */
export const themeInitScript = `(function(){try{if(localStorage.getItem('${themeStorageKey}')==='dark')document.documentElement.setAttribute('data-theme','dark')}catch(e){}})();`;

/** The theme currently applied to the document. */
export function currentTheme(root: HTMLElement = document.documentElement): Theme {
  return root.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

/** Applies `theme` to the document and remembers it; storage failures are ignored. */
export function setTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'dark') root.setAttribute('data-theme', 'dark');
  else root.removeAttribute('data-theme');
  try {
    localStorage.setItem(themeStorageKey, theme);
  } catch {
    // Blocked storage: the choice lasts for this page view only.
  }
}

/** Calls `listener` when the document's theme attribute changes; returns unsubscribe. */
export function onThemeChange(
  listener: () => void,
  root: HTMLElement = document.documentElement,
): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
