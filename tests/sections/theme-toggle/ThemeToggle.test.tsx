import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setTheme } from '../../../src/lib/theme';
import { ThemeToggle } from '../../../src/sections/theme-toggle/ThemeToggle';
import { renderWithBrand } from '../renderWithBrand';

afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
});

describe('ThemeToggle', () => {
  it('switches to dark and back, remembering the choice', async () => {
    const user = userEvent.setup();
    renderWithBrand(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'ダークモード' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(document.documentElement).not.toHaveAttribute('data-theme');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('reflects a theme applied before it rendered or changed elsewhere', async () => {
    document.documentElement.setAttribute('data-theme', 'dark');
    renderWithBrand(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'ダークモード' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // MutationObserver callbacks are microtasks.
    await act(async () => setTheme('light'));
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
