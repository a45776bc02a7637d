/**
 * The browser entry: hydrates the prerendered page, or renders fresh when the host's brand is not
 * the one the HTML was prerendered for (a misrouted host still shows its own brand).
 */
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { hydrationDataElementId } from './lib/scriptData';
import { loadPayload } from './app/loadPayload';
import { createRoutes } from './app/routes';
import { startBackgroundTasks } from './app/startBackgroundTasks';
import { BrandProvider } from './brand/BrandProvider';
import { brandIdForHost } from './brand/brands';
import { installChunkFailureHandlers } from './build-version/chunkFailure';
import { installPhoneClickTracking } from './lib/dataLayer';

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
  // Before anything lazy loads: a chunk can fail on the very first navigation.
  installChunkFailureHandlers();
  installPhoneClickTracking(brand);
  const routes = createRoutes(loadPayload);
  const hydrationData = readHydrationData();
  const hydrate = document.documentElement.dataset.brand === brand && hydrationData !== undefined;

  if (hydrate) {
    window.__staticRouterHydrationData = hydrationData;
    await resolveLazyMatches(routes, window.location.pathname);
  } else {
    document.documentElement.dataset.brand = brand;
  }
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <BrandProvider brand={brand}>
        <RouterProvider router={router} />
      </BrandProvider>
    </StrictMode>
  );
  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
  startBackgroundTasks(router);
}

void start();
