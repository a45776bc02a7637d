import { createContext, type ReactNode } from 'react';
import { brands, type Brand, type BrandId } from './brands';

// Every brand's theme colours (src/content/<id>/theme.css, `[data-brand='<id>']` rules) join
// the site's one stylesheet, which the prerender inlines into each page.
import.meta.glob('../content/*/theme.css', { eager: true });

export const BrandContext = createContext<Brand | null>(null);

export function BrandProvider({ brand, children }: { brand: BrandId; children: ReactNode }) {
  return <BrandContext.Provider value={brands[brand]}>{children}</BrandContext.Provider>;
}
