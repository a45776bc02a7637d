import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentTheme, setTheme, themeInitScript, themeStorageKey } from '../../src/lib/theme';

function runInitScript() {
  // The script is shipped as inline text in <head>; run it the way the browser would.
  new Function(themeInitScript)();
}

afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
});

describe('themeInitScript', () => {
  it('applies a stored dark theme before the app runs', () => {
    localStorage.setItem(themeStorageKey, 'dark');
    runInitScript();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });

  it('leaves the light default when nothing or light is stored', () => {
    runInitScript();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    localStorage.setItem(themeStorageKey, 'light');
    runInitScript();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });

  it('does not throw when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(runInitScript).not.toThrow();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });
});

describe('setTheme', () => {
  it('applies and remembers the choice', () => {
    setTheme('dark');
    expect(currentTheme()).toBe('dark');
    expect(localStorage.getItem(themeStorageKey)).toBe('dark');
    setTheme('light');
    expect(currentTheme()).toBe('light');
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(localStorage.getItem(themeStorageKey)).toBe('light');
  });

  it('still switches the page when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'QuotaExceededError');
    });
    expect(() => setTheme('dark')).not.toThrow();
    expect(currentTheme()).toBe('dark');
  });
});
