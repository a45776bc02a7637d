import type { ComponentType } from 'react';
import { data, type RouteObject } from 'react-router-dom';
import { pageTable, type RouteName } from '../content/pageTable';
import type { PageData } from '../content/types';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** From src/content at prerender, from the payload file in the browser. */
export type PageLoader = (route: RouteName) => Promise<PageData>;

type NotFoundData = { message: string };

const pageModules = import.meta.glob<{ default: ComponentType }>('/src/app/pages/*.tsx');

async function loadPageComponent(module: string): Promise<ComponentType> {
  const load = pageModules[`/${module}`];
  if (!load) throw new Error(`The page table names ${module}, which is not in src/app/pages/`);
  return (await load()).default;
}

/** Shared by the client and the prerender. Loaders are not lazy, so data and code load in parallel. */
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
            ...pageTable.map((page): RouteObject => ({
              id: page.route,
              ...(page.path === '/' ? { index: true } : { path: page.path.slice(1) }),
              loader: () => loadPage(page.route),
              lazy: async () => ({ Component: await loadPageComponent(page.module) }),
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
