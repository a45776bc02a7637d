/**
 * Every page of the site, one row each, in footer order. The router (src/app/routes.tsx), the
 * prerender (prerender/prerender.ts, prerender/preload.ts), the content loader
 * (pageData.server.ts), the footer, e2e and bench all read this table.
 *
 * A new page is one row here plus its content: its copy in src/content/<brand>/pages.ts and its
 * meta description in pageData.server.ts (the types fail until both exist). Its module is one
 * of src/app/pages/*.tsx, the folder routes.tsx loads lazily.
 */
type PageRow = {
  /** Route id, and the name of the page's files: `<route>.html`, `payload/<route>.json`. */
  route: string;
  /** The URL path the page is served at and linked by: `/<route>`, or `/` for index (hosts
   * serve `<route>.html` for it; tests/app/render.test.ts holds the table to that). */
  path: `/${string}`;
  /** What the page's <title> says before the brand name. */
  title: string;
  /** The page component, from the project root (also its key in Vite's manifest). */
  module: `src/app/pages/${string}.tsx`;
  /** The label of its link in the footer; null for no footer link. */
  footerLabel: string | null;
};

export const pageTable = [
  {
    route: 'index',
    path: '/',
    title: '車検の見積もり・予約なら',
    module: 'src/app/pages/HomePage.tsx',
    footerLabel: null,
  },
  {
    route: 'term',
    path: '/term',
    title: '利用規約',
    module: 'src/app/pages/TextPageRoute.tsx',
    footerLabel: '利用規約',
  },
  {
    route: 'legal',
    path: '/legal',
    title: '特定商取引法に基づく表記',
    module: 'src/app/pages/TextPageRoute.tsx',
    footerLabel: '特定商取引法に基づく表記',
  },
  {
    route: 'privacypolicy',
    path: '/privacypolicy',
    title: 'プライバシーポリシー',
    module: 'src/app/pages/TextPageRoute.tsx',
    footerLabel: 'プライバシーポリシー',
  },
] as const satisfies readonly PageRow[];

export type RouteName = (typeof pageTable)[number]['route'];

/** The routes whose page is a text page (all but the landing page). */
export type TextRouteName = Exclude<RouteName, 'index'>;

/** The row of `route`. */
export function pageOf(route: RouteName): (typeof pageTable)[number] {
  const row = pageTable.find((page) => page.route === route);
  if (!row) throw new Error(`No page ${route} in the page table`);
  return row;
}
