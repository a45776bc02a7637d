import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { recoverFromChunkError } from '../build-version/chunkFailure';
import { ErrorPage } from './ErrorPage';
import { NotFoundPage } from './NotFoundPage';
import { useIsBot } from './useIsBot';

/** 404: the not-found page; a failed chunk: one guarded reload; else the error page, not for bots. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const bot = useIsBot(!notFound);
  const [recovery, setRecovery] = useState<'pending' | 'reloading' | 'show-error'>('pending');

  useEffect(() => {
    if (notFound) return;
    console.error('[app] page error', error);
    // The reload is a side effect (a navigation); its outcome decides what to render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRecovery(recoverFromChunkError(error, location.pathname + location.search));
  }, [error, notFound, location.pathname, location.search]);

  if (notFound) return <NotFoundPage />;
  if (bot !== false || recovery !== 'show-error') return null;
  return <ErrorPage />;
}
