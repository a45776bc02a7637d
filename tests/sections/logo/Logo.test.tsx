import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo } from '../../../src/sections/logo/Logo';
import { renderWithBrand } from '../renderWithBrand';

describe('Logo', () => {
  it.each([
    ['carsupport', 'カーサポート車検'],
    ['yamada', 'ヤマダ車検'],
  ] as const)('is named after the %s brand', (brand, name) => {
    renderWithBrand(<Logo />, brand);
    const image = screen.getByRole('img', { name });
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
  });
});
