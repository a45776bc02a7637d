/**
 * The browser entry: hydrates the prerendered page, or renders fresh when the host's brand is not
 * the one the HTML was prerendered for (a misrouted host still shows its own brand).
 */
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

/**
 * Lazy routes must be resolved before hydrating, or React falls back to client rendering
 * (error #418): https://reactrouter.com/how-to/pre-rendering (lazy + hydration).
 */
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
  // Filled in once the router exists (the handlers must be installed before it).
  const started: { router?: ReturnType<typeof createBrowserRouter> } = {};
  // Before anything lazy loads: a chunk can fail on the very first navigation. During an in-app
  // navigation the route's error boundary reloads the target page instead of the current one.
  // Before it: the estimate form's code failing must not reload the page (the form posts natively).
  keepFormCodeFailureFromReloading();
  installChunkFailureHandlers({
    isNavigating: () => (started.router?.state.navigation.state ?? 'idle') !== 'idle',
  });
  installPhoneClickTracking(brand);
  // Payloads are fetched on in-app navigation only: the code that fetches them (with its timeout)
  // loads then, not in the first view. A failure to load it is a chunk failure like any other.
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
      // This page's code cannot load (a deploy removed it and the guarded reload already ran):
      // render fresh, so the router meets the failure again and its error boundary shows the
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
  // As a transition, hydration is time-sliced: it yields to the browser every few milliseconds
  // instead of one long task (the page is already visible and usable from its HTML).
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // Version polling is not needed for the first view: its code loads in idle time.
  whenIdle(() => {
    import('./app/startBackgroundTasks')
      .then(({ startBackgroundTasks }) => startBackgroundTasks(appRouter))
      .catch((error: unknown) => console.warn('[app] background tasks unavailable', error));
  });
}

void start();
