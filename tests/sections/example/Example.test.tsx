import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { landing } from '../../../src/content/carsupport/landing';
import { Example } from '../../../src/sections/example/Example';
import { renderWithBrand } from '../renderWithBrand';

function selectedTabs() {
  return screen.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true');
}

describe('Example tabs', () => {
  it('starts with the first class selected and its panel alone visible', () => {
    renderWithBrand(<Example copy={landing.example} />);
    expect(selectedTabs().map((tab) => tab.textContent)).toEqual(['軽自動車']);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('軽自動車');
    expect(panel).toHaveTextContent('例 25,740円（非課税）');
  });

  it('moves the selection with arrow keys, wrapping, and Home/End', async () => {
    const user = userEvent.setup();
    renderWithBrand(<Example copy={landing.example} />);
    await user.click(screen.getByRole('tab', { name: '軽自動車' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '〜1.0t' })).toHaveFocus();
    expect(selectedTabs().map((tab) => tab.textContent)).toEqual(['〜1.0t']);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('例 35,650円（非課税）');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selectedTabs().map((tab) => tab.textContent)).toEqual(['〜2.5t']);
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: '軽自動車' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(selectedTabs().map((tab) => tab.textContent)).toEqual(['〜2.5t']);
  });

  it('keeps exactly one tab selected and one in the tab order', async () => {
    const user = userEvent.setup();
    renderWithBrand(<Example copy={landing.example} />);
    await user.click(screen.getByRole('tab', { name: '〜1.5t' }));
    await user.click(screen.getByRole('tab', { name: '〜1.5t' }));
    expect(selectedTabs()).toHaveLength(1);
    const focusable = screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0);
    expect(focusable.map((tab) => tab.textContent)).toEqual(['〜1.5t']);
  });

  it('prerenders every panel readable and hides the others only after hydration', async () => {
    const { BrandProvider } = await import('../../../src/brand/BrandProvider');
    const ui = (
      <BrandProvider brand="carsupport">
        <Example copy={landing.example} />
      </BrandProvider>
    );
    const html = renderToString(ui);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const panels = () => Array.from(container.querySelectorAll('[role="tabpanel"]'));
    expect(panels()).toHaveLength(5);
    expect(panels().filter((panel) => panel.hasAttribute('hidden'))).toHaveLength(0);

    const onRecoverableError = vi.fn();
    const root = await act(async () => hydrateRoot(container, ui, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(panels().filter((panel) => !panel.hasAttribute('hidden'))).toHaveLength(1);
    act(() => root.unmount());
    container.remove();
  });
});
