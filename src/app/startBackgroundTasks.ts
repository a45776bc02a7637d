import { isbot } from 'isbot';
import type { createBrowserRouter } from 'react-router-dom';
import { requestBuildMeta } from '../build-version/buildInfo';
import { handleNewBuild, navigateWithFullLoad } from '../build-version/newBuildReload';
import { pollIntervalFromEnv, startVersionPoller } from '../build-version/versionPoller';

type Router = ReturnType<typeof createBrowserRouter>;

/** Once interactive and idle: the build's meta, version polling, web vitals. */
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
