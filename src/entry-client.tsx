// Hydrates, or renders fresh when the host's brand is not the prerendered one (decision 002).
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { hydrationDataElementId } from './lib/scriptData';
import { createRoutes } from './app/routes';
import { BrandProvider } from './brand/BrandProvider';
import { brandIdForHost } from './brand/brands';
import { installChunkFailureHandlers } from './build-version/chunkFailure';
import { keepFormCodeFailureFromReloading } from './estimate/formCodeFailure';
import { installPhoneClickTracking } from './lib/dataLayer';
import { whenIdle } from './lib/whenIdle';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

/** Else React falls back to client rendering (#418): reactrouter.com/how-to/pre-rendering. */
async function resolveLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

function readHydrationData(): unknown {
  const element = document.getElementById(hydrationDataElementId);
  if (!element?.textContent) return undefined;
  try {
    const data = JSON.parse(element.textContent) as { errors?: Record<string, unknown> | null };
    // 404.html is served for every unknown path: name the real one in the error.
    for (const error of Object.values(data.errors ?? {})) {
      const body = (error as { data?: { message?: unknown } } | null)?.data;
      if (body && typeof body.message === 'string' && body.message.startsWith('Page not found:')) {
        body.message = `Page not found: ${window.location.pathname}`;
      }
    }
    return data;
  } catch {
    return undefined;
  }
}

async function start(): Promise<void> {
  const brand = brandIdForHost(window.location.host);
  const container = document.getElementById('root');
  if (!container) return;
  const started: { router?: ReturnType<typeof createBrowserRouter> } = {};
  // Before anything lazy loads; the form code's failure handler first: it must not reload the page.
  keepFormCodeFailureFromReloading();
  installChunkFailureHandlers({
    isNavigating: () => (started.router?.state.navigation.state ?? 'idle') !== 'idle',
  });
  installPhoneClickTracking(brand);
  // The payload loader loads with the first in-app navigation, not in the first view.
  const routes = createRoutes(async (route) =>
    (await import('./app/loadPayload')).loadPayload(route),
  );
  const hydrationData = readHydrationData();
  let hydrate = document.documentElement.dataset.brand === brand && hydrationData !== undefined;

  if (hydrate) {
    window.__staticRouterHydrationData = hydrationData;
    try {
      await resolveLazyMatches(routes, window.location.pathname);
    } catch (error) {
      // A deploy removed this page's code: render fresh, so the router's error boundary shows the
      // error page with its reload button instead of a page that never becomes interactive.
      console.error('[app] page code failed to load', error);
      hydrate = false;
    }
  } else {
    document.documentElement.dataset.brand = brand;
  }
  const appRouter = createBrowserRouter(routes);
  started.router = appRouter;
  const app = (
    <StrictMode>
      <BrandProvider brand={brand}>
        <RouterProvider router={appRouter} />
      </BrandProvider>
    </StrictMode>
  );
  // Time-sliced hydration instead of one long task (decision 003).
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  whenIdle(() => {
    import('./app/startBackgroundTasks')
      .then(({ startBackgroundTasks }) => startBackgroundTasks(appRouter))
      .catch((error: unknown) => console.warn('[app] background tasks unavailable', error));
  });
}

void start();
