import { PayloadLoadError } from '../build-version/chunkFailure';
import type { RouteName } from '../content/pageTable';
import type { PageData } from '../content/types';
import { payloadPath } from '../lib/buildPaths';

/** The browser's page loader: fetches the payload the build wrote for this page. */
export async function loadPayload(route: RouteName): Promise<PageData> {
  const url = payloadPath(__BUILD_ID__, route);
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new PayloadLoadError(url, 'network error', { cause: error });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('json')) {
    throw new PayloadLoadError(url, `answered ${response.status} ${type}`);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!data || typeof data !== 'object' || (data as { route?: unknown }).route !== route) {
    throw new PayloadLoadError(url, 'not the expected JSON');
  }
  return data as PageData;
}
