import { useContext } from 'react';
import { BrandContext } from './BrandProvider';
import type { Brand } from './brands';

/** The brand of the page; throws outside a BrandProvider. */
export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand must be used inside a BrandProvider');
  return brand;
}
