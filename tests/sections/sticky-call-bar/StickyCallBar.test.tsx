import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { landing } from '../../../src/content/yamada/landing';
import { StickyCallBar } from '../../../src/sections/sticky-call-bar/StickyCallBar';
import { estimateDialogId } from '../../../src/estimate/dialog';
import { renderWithBrand } from '../renderWithBrand';

describe('StickyCallBar', () => {
  it('shows the estimate dialog from the tracking-footer entry point, with no script needed', () => {
    renderWithBrand(<StickyCallBar copy={landing.stickyCallBar} />, 'yamada');
    const button = screen.getByRole('button', { name: landing.stickyCallBar.estimateLabel });
    expect(button).toHaveAttribute('commandfor', estimateDialogId);
    expect(button).toHaveAttribute('command', 'show-modal');
    expect(button).toHaveAttribute('data-estimate-opener', 'tracking-footer');
  });

  it('calls the brand phone', () => {
    renderWithBrand(<StickyCallBar copy={landing.stickyCallBar} />, 'yamada');
    const call = screen.getByRole('link', { name: /0120-012-402/ });
    expect(call).toHaveAttribute('href', 'tel:0120012402');
    expect(call).toHaveAttribute('data-phone-link', 'tracking-footer');
  });
});
