import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brandIds, brands } from '../../../src/brand/brands';
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

  it.each(brandIds)(
    "draws the %s mark from the brand's folder, painted with theme colours",
    (id) => {
      renderWithBrand(<Logo />, id);
      const shapes = Array.from(screen.getByRole('img').querySelectorAll('rect, circle, path'));
      expect(shapes.map((shape) => shape.tagName)).toEqual(brands[id].logo.map((s) => s.shape));
      expect(shapes.map((shape) => shape.getAttribute('class'))).toEqual(
        brands[id].logo.map((s) => s.paint),
      );
    },
  );
});
