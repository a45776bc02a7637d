// Server-only: the browser gets the copy through the hydration data and payload files.
import type { BrandId } from '../brand/brands';
import { brands } from '../brand/brands';
import { pageOf, type RouteName, type TextRouteName } from './pageTable';
import { withPhraseBreaks } from './phraseBreaks.server';
import type { LandingContent, PageData, PageMeta, TextPageContent } from './types';

// Each brand's copy lives in its folder, src/content/<id>/: the landing page, the text pages
// and each page's meta description (80–120 characters).
const landings = import.meta.glob<LandingContent>('./*/landing.ts', {
  eager: true,
  import: 'landing',
});
const textPages = import.meta.glob<Record<TextRouteName, TextPageContent>>('./*/pages.ts', {
  eager: true,
  import: 'pages',
});
const descriptions = import.meta.glob<Record<RouteName, string>>('./*/descriptions.ts', {
  eager: true,
  import: 'descriptions',
});

function fromFolder<T>(modules: Record<string, T>, brand: BrandId, file: string): T {
  const found = modules[`./${brand}/${file}`];
  if (!found) throw new Error(`The brand ${brand} has no src/content/${brand}/${file}`);
  return found;
}

export function getPageData(brand: BrandId, route: RouteName): PageData {
  const meta: PageMeta = {
    title: `${pageOf(route).title}｜${brands[brand].name}`,
    description: fromFolder(descriptions, brand, 'descriptions.ts')[route],
  };
  if (route === 'index') {
    return { route, meta, landing: withPhraseBreaks(fromFolder(landings, brand, 'landing.ts')) };
  }
  return { route, meta, page: fromFolder(textPages, brand, 'pages.ts')[route] };
}
