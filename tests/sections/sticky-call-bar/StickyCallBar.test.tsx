import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { landing } from '../../../src/content/yamada/landing';
import { StickyCallBar } from '../../../src/sections/sticky-call-bar/StickyCallBar';
import { renderWithBrand } from '../renderWithBrand';

describe('StickyCallBar', () => {
  it('opens the estimate from the tracking-footer entry point', async () => {
    const user = userEvent.setup();
    const { openEstimate } = renderWithBrand(
      <StickyCallBar copy={landing.stickyCallBar} />,
      'yamada',
    );
    await user.click(screen.getByRole('button', { name: landing.stickyCallBar.estimateLabel }));
    expect(openEstimate).toHaveBeenCalledWith({ entryPoint: 'tracking-footer' });
  });

  it('calls the brand phone', () => {
    renderWithBrand(<StickyCallBar copy={landing.stickyCallBar} />, 'yamada');
    const call = screen.getByRole('link', { name: /0120-012-402/ });
    expect(call).toHaveAttribute('href', 'tel:0120012402');
    expect(call).toHaveAttribute('data-phone-link', 'tracking-footer');
  });
});
