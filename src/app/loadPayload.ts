import { PayloadLoadError } from '../build-version/chunkFailure';
import type { RouteName } from '../content/pageTable';
import type { PageData } from '../content/types';
import { payloadPath } from '../lib/buildPaths';
import { RequestTimeoutError, withTimeout } from '../lib/withTimeout';

/** The browser's page loader: fetches the payload the build wrote for this page. */
export async function loadPayload(route: RouteName): Promise<PageData> {
  const url = payloadPath(__BUILD_ID__, route);
  // Headers and body within the housekeeping timeout: a hung answer becomes a load failure,
  // which reloads the target page once (chunkFailure.ts), instead of a navigation that never ends.
  const answer = withTimeout(async (signal) => {
    const response = await fetch(url, { signal });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('json')) {
      return { failure: `answered ${response.status} ${type}` };
    }
    return { data: (await response.json().catch(() => null)) as unknown };
  });
  let result: { failure: string } | { data: unknown };
  try {
    result = await answer;
  } catch (error) {
    const detail = error instanceof RequestTimeoutError ? 'timed out' : 'network error';
    throw new PayloadLoadError(url, detail, { cause: error });
  }
  if ('failure' in result) throw new PayloadLoadError(url, result.failure);
  const { data } = result;
  if (!data || typeof data !== 'object' || (data as { route?: unknown }).route !== route) {
    throw new PayloadLoadError(url, 'not the expected JSON');
  }
  return data as PageData;
}
