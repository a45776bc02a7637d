import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SiteMenu } from '../../../src/sections/site-menu/SiteMenu';
import { renderWithBrand } from '../renderWithBrand';

describe('SiteMenu', () => {
  it('links each menu item of the brand to its section on the top page', () => {
    renderWithBrand(<SiteMenu />, 'yamada');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['TOP', '/#top'],
      ['ヤマダ車検とは', '/#direction'],
      ['ポイント', '/#point'],
      ['ご利用の流れ', '/#flow'],
      ['よくある質問', '/#question'],
    ]);
  });

  it('opens the drawer with focus inside, and Escape closes it and restores focus', async () => {
    const user = userEvent.setup();
    renderWithBrand(<SiteMenu />, 'carsupport');
    const button = screen.getByRole('button', { name: 'メニュー' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const drawer = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(drawer).not.toBeNull();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('link', { name: '特長' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('opens from the keyboard and closes when a link is followed', async () => {
    const user = userEvent.setup();
    renderWithBrand(<SiteMenu />, 'carsupport');
    await user.tab();
    const button = screen.getByRole('button', { name: 'メニュー' });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'よくある質問' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('ignores Escape while closed', async () => {
    const user = userEvent.setup();
    renderWithBrand(<SiteMenu />, 'carsupport');
    const link = screen.getByRole('link', { name: 'ご利用の流れ' });
    link.focus();
    await user.keyboard('{Escape}');
    expect(link).toHaveFocus();
  });
});
