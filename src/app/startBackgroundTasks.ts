import { isbot } from 'isbot';
import type { createBrowserRouter } from 'react-router-dom';
import { requestBuildMeta } from '../build-version/buildInfo';
import { handleNewBuild, navigateWithFullLoad } from '../build-version/newBuildReload';
import { pollIntervalFromEnv, startVersionPoller } from '../build-version/versionPoller';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * What the page does once it is interactive and idle (this module loads lazily): request this
 * build's meta file, poll for a new deployment (never for bots), and turn the next in-app navigation
 * into a full load once a new build is known; and report the page's Core Web Vitals
 * (tracking/webVitals.ts, a chunk of its own).
 */
export function startBackgroundTasks(router: Router): void {
  router.subscribe((state) => {
    if (state.navigation.state !== 'loading') return;
    navigateWithFullLoad(router.createHref(state.navigation.location));
  });
  void requestBuildMeta();
  // The brand the app resolved for this host (entry-client.tsx sets it on <html>).
  const brand = document.documentElement.dataset.brand ?? '';
  import('../tracking/webVitals')
    .then(({ reportWebVitals }) => reportWebVitals(brand))
    .catch((error: unknown) => console.warn('[app] web vitals unavailable', error));
  startVersionPoller({
    currentId: __BUILD_ID__,
    intervalMs: pollIntervalFromEnv(),
    isBot: isbot(navigator.userAgent),
    onNewBuild: handleNewBuild,
  });
}
