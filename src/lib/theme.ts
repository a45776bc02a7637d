// Light is the default, so it is stored as the absence of `data-theme`.

export type Theme = 'light' | 'dark';

/** @internal Read by tests. */
export const themeStorageKey = 'theme';

/** Before first paint, so a dark-theme visitor never sees a light flash; storage access can throw. */
export const themeInitScript = `(function(){try{if(localStorage.getItem('${themeStorageKey}')==='dark')document.documentElement.setAttribute('data-theme','dark')}catch(e){}})();`;

export function currentTheme(root: HTMLElement = document.documentElement): Theme {
  return root.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

export function setTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'dark') root.setAttribute('data-theme', 'dark');
  else root.removeAttribute('data-theme');
  try {
    localStorage.setItem(themeStorageKey, theme);
  } catch {
    // Blocked storage: the choice lasts for this page view only.
  }
}

export function onThemeChange(
  listener: () => void,
  root: HTMLElement = document.documentElement,
): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
