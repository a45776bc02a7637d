// Every page, one row each, in footer order: the router, prerender, footer, e2e and bench read it.
// A new page is a row plus its copy (src/content/<brand>/pages.ts) and meta description.
type PageRow = {
  /** The name of the page's files: `<route>.html`, `payload/<route>.json`. */
  route: string;
  /** Hosts serve `<route>.html` for it (tests/app/render.test.ts). */
  path: `/${string}`;
  /** Also its key in Vite's manifest. */
  module: `src/app/pages/${string}.tsx`;
  footerLabel: string | null;
};

export const pageTable = [
  {
    route: 'index',
    path: '/',
    module: 'src/app/pages/HomePage.tsx',
    footerLabel: null,
  },
  {
    route: 'term',
    path: '/term',
    module: 'src/app/pages/TextPageRoute.tsx',
    footerLabel: '利用規約',
  },
  {
    route: 'legal',
    path: '/legal',
    module: 'src/app/pages/TextPageRoute.tsx',
    footerLabel: '特定商取引法に基づく表記',
  },
  {
    route: 'privacypolicy',
    path: '/privacypolicy',
    module: 'src/app/pages/TextPageRoute.tsx',
    footerLabel: 'プライバシーポリシー',
  },
] as const satisfies readonly PageRow[];

export type RouteName = (typeof pageTable)[number]['route'];

export type TextRouteName = Exclude<RouteName, 'index'>;

export function pageOf(route: RouteName): (typeof pageTable)[number] {
  const row = pageTable.find((page) => page.route === route);
  if (!row) throw new Error(`No page ${route} in the page table`);
  return row;
}
