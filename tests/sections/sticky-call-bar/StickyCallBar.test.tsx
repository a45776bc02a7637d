import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { landing } from '../../../src/content/yamada/landing';
import { StickyCallBar } from '../../../src/sections/sticky-call-bar/StickyCallBar';
import { estimateDialogId } from '../../../src/estimate/dialog';
import { renderWithBrand } from '../renderWithBrand';

const copy = landing.stickyCallBar;

describe('StickyCallBar', () => {
  it('shows the estimate dialog from the tracking-footer entry point, with no script needed', () => {
    renderWithBrand(<StickyCallBar copy={copy} outsideBusinessHours={false} />, 'yamada');
    const button = screen.getByRole('button', { name: copy.estimateLabel });
    expect(button).toHaveAttribute('commandfor', estimateDialogId);
    expect(button).toHaveAttribute('command', 'show-modal');
    expect(button).toHaveAttribute('data-estimate-opener', 'tracking-footer');
  });

  it('calls the brand phone in one tap within the hours and while they are unknown', () => {
    renderWithBrand(<StickyCallBar copy={copy} outsideBusinessHours={false} />, 'yamada');
    const call = screen.getByRole('link', { name: /0120-012-402/ });
    expect(call).toHaveAttribute('href', 'tel:0120012402');
    expect(call).toHaveAttribute('data-phone-link', 'tracking-footer');
  });

  it('says when the phone rings outside the hours, and offers the web estimate instead', () => {
    renderWithBrand(<StickyCallBar copy={copy} outsideBusinessHours />, 'yamada');
    expect(screen.queryByRole('link', { name: /0120-012-402/ })).toBeNull();
    const bar = document.querySelector('[data-section="tracking-footer"]');
    expect(bar).toHaveTextContent('電話受付 9:00〜19:00');
    expect(bar).toHaveTextContent('年末年始を除く');
    const estimate = screen.getByRole('button', { name: /24時間/u });
    expect(estimate).toHaveAttribute('data-estimate-opener', 'tracking-footer');
  });
});
