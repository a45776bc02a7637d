import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { BrandProvider } from '../../src/brand/BrandProvider';
import type { BrandId } from '../../src/brand/brands';
import { EstimateOpenerContext, type EstimateOpener } from '../../src/estimate/EstimateContext';

/** Renders `ui` as the app would: inside a brand, a router and an estimate opener (a spy). */
export function renderWithBrand(ui: ReactElement, brand: BrandId = 'carsupport') {
  const openEstimate = vi.fn<EstimateOpener>();
  const result = render(
    <BrandProvider brand={brand}>
      <MemoryRouter>
        <EstimateOpenerContext.Provider value={openEstimate}>{ui}</EstimateOpenerContext.Provider>
      </MemoryRouter>
    </BrandProvider>,
  );
  return { ...result, openEstimate };
}
