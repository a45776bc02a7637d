import { useSyncExternalStore } from 'react';
import { currentTheme, onThemeChange, setTheme, type Theme } from '../../lib/theme';
import styles from './ThemeToggle.module.css';

// The server cannot know the stored theme; light is the default it renders (spec 9).
const serverTheme = (): Theme => 'light';

/** Switches between the light and dark themes; the choice is remembered (see lib/theme). */
export function ThemeToggle() {
  const theme = useSyncExternalStore(onThemeChange, () => currentTheme(), serverTheme);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={dark}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24">
        {dark ? (
          <path fill="currentColor" d="M21 14.5A8.5 8.5 0 0 1 9.5 3a8.5 8.5 0 1 0 11.5 11.5z" />
        ) : (
          <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="4.5" fill="currentColor" />
            <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </g>
        )}
      </svg>
      <span className="visually-hidden">ダークモード</span>
    </button>
  );
}
