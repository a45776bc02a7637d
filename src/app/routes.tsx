import type { ComponentType } from 'react';
import { data, type RouteObject } from 'react-router-dom';
import type { PageData, RouteName } from '../content/types';
import { Layout } from './Layout';
import { pages } from './paths';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** Supplies a page's data: from src/content at prerender, from the payload file in the browser. */
export type PageLoader = (route: RouteName) => Promise<PageData>;

export type NotFoundData = { message: string };

const pageModules: Record<RouteName, () => Promise<{ default: ComponentType }>> = {
  index: () => import('./pages/HomePage'),
  term: () => import('./pages/TextPageRoute'),
  legal: () => import('./pages/TextPageRoute'),
  privacypolicy: () => import('./pages/TextPageRoute'),
};

/**
 * The one route table, shared by the client entry and the prerender (entry-server).
 * Pages are lazy; their loaders are not, so data and code load in parallel.
 */
export function createRoutes(loadPage: PageLoader): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Layout,
      children: [
        {
          // Pathless so that errors render inside the layout, with header and footer.
          id: 'pages',
          ErrorBoundary: RouteErrorBoundary,
          children: [
            ...pages.map((page): RouteObject => ({
              id: page.route,
              ...(page.route === 'index' ? { index: true } : { path: page.path }),
              loader: () => loadPage(page.route),
              lazy: async () => ({ Component: (await pageModules[page.route]()).default }),
            })),
            {
              id: 'not-found',
              path: '*',
              // Never renders: the loader throws and the boundary shows the not-found page.
              Component: NotFoundPage,
              loader: ({ request }) => {
                const message = `Page not found: ${new URL(request.url).pathname}`;
                throw data<NotFoundData>({ message }, { status: 404, statusText: 'Not Found' });
              },
            },
          ],
        },
      ],
    },
  ];
}
