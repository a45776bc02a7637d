import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { landing } from '../../../src/content/carsupport/landing';
import { Cta } from '../../../src/sections/cta/Cta';
import { renderWithBrand } from '../renderWithBrand';

describe('Cta', () => {
  it('opens an empty estimate from the cta entry point', async () => {
    const user = userEvent.setup();
    const { openEstimate } = renderWithBrand(
      <Cta copy={landing.cta} receptionNote={landing.receptionNote} />,
    );
    await user.click(screen.getByRole('button', { name: landing.cta.estimateLabel }));
    expect(openEstimate).toHaveBeenCalledWith({ entryPoint: 'cta' });
  });

  it('offers the brand phone as a tel: link with the reception hours', () => {
    renderWithBrand(<Cta copy={landing.cta} receptionNote={landing.receptionNote} />);
    const call = screen.getByRole('link', { name: /0120-104-631/ });
    expect(call).toHaveAttribute('href', 'tel:0120104631');
    expect(call).toHaveAttribute('data-phone-link', 'cta');
    expect(screen.getByText(/受付時間 9:00〜19:00/)).toBeInTheDocument();
  });
});
