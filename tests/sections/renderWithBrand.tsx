import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { BrandProvider } from '../../src/brand/BrandProvider';
import type { BrandId } from '../../src/brand/brands';

/** Renders `ui` as the app would: inside a brand and a router. */
export function renderWithBrand(ui: ReactElement, brand: BrandId = 'carsupport') {
  return render(
    <BrandProvider brand={brand}>
      <MemoryRouter>{ui}</MemoryRouter>
    </BrandProvider>,
  );
}
