// Server-only: the browser gets the copy through the hydration data and payload files.
import type { BrandId } from '../brand/brands';
import { brands } from '../brand/brands';
import type { RouteName, TextRouteName } from './pageTable';
import { withPagePhraseBreaks, withPhraseBreaks } from './phraseBreaks.server';
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

// Each page's title, before the brand's name; the browser reads it in the page data's meta.
/** @internal Exported for tests, which check each page's meta title. */
export const pageTitles: Record<RouteName, string> = {
  index: '車検の見積もり・予約なら',
  term: '利用規約',
  legal: '特定商取引法に基づく表記',
  privacypolicy: 'プライバシーポリシー',
};

function fromFolder<T>(modules: Record<string, T>, brand: BrandId, file: string): T {
  const found = modules[`./${brand}/${file}`];
  if (!found) throw new Error(`The brand ${brand} has no src/content/${brand}/${file}`);
  return found;
}

export function getPageData(brand: BrandId, route: RouteName): PageData {
  const meta: PageMeta = {
    title: `${pageTitles[route]}｜${brands[brand].name}`,
    description: fromFolder(descriptions, brand, 'descriptions.ts')[route],
  };
  if (route === 'index') {
    return { route, meta, landing: withPhraseBreaks(fromFolder(landings, brand, 'landing.ts')) };
  }
  return {
    route,
    meta,
    page: withPagePhraseBreaks(fromFolder(textPages, brand, 'pages.ts')[route]),
  };
}
