import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { landing } from '../../../src/content/carsupport/landing';
import { Cta } from '../../../src/sections/cta/Cta';
import { estimateDialogId } from '../../../src/estimate/dialog';
import { renderWithBrand } from '../renderWithBrand';

describe('Cta', () => {
  it('shows the estimate dialog from the cta entry point, with no script needed', () => {
    renderWithBrand(<Cta copy={landing.cta} receptionNote={landing.receptionNote} />);
    const button = screen.getByRole('button', { name: landing.cta.estimateLabel });
    expect(button).toHaveAttribute('commandfor', estimateDialogId);
    expect(button).toHaveAttribute('command', 'show-modal');
    expect(button).toHaveAttribute('data-estimate-opener', 'cta');
  });

  it('offers the brand phone as a tel: link with the reception hours', () => {
    renderWithBrand(<Cta copy={landing.cta} receptionNote={landing.receptionNote} />);
    const call = screen.getByRole('link', { name: /0120-104-631/ });
    expect(call).toHaveAttribute('href', 'tel:0120104631');
    expect(call).toHaveAttribute('data-phone-link', 'cta');
    expect(screen.getByText(/受付時間 9:00〜19:00/)).toBeInTheDocument();
  });
});
