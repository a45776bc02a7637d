import { createContext, type ReactNode } from 'react';
import { brands, type Brand, type BrandId } from './brands';

export const BrandContext = createContext<Brand | null>(null);

export function BrandProvider({ brand, children }: { brand: BrandId; children: ReactNode }) {
  return <BrandContext.Provider value={brands[brand]}>{children}</BrandContext.Provider>;
}
