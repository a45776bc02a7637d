// The build files of each tree, read with hand-written guards (a schema library would be most of
// this idle-time chunk). Anything unexpected is "unknown", never "new": a bad CDN can't reload tabs.
import { buildMetaPath, latestPath } from '../lib/buildPaths';
import { isRecord } from '../lib/isRecord';
import { withTimeout } from '../lib/withTimeout';

export type BuildLatest = { id: string; timestamp: number };

export type BuildMeta = BuildLatest & {
  brand: string;
  /** Only these paths have payload files. */
  prerendered: string[];
};

/** Ids end up in URLs and logs. */
const idPattern = /^[\w.-]{1,128}$/;

function isBuildLatest(value: unknown): value is BuildLatest {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    idPattern.test(value.id) &&
    typeof value.timestamp === 'number' &&
    Number.isFinite(value.timestamp)
  );
}

async function fetchJson(url: string, cache: RequestCache): Promise<unknown> {
  try {
    return await withTimeout(async (signal) => {
      const response = await fetch(url, { cache, credentials: 'same-origin', signal });
      if (!response.ok) return undefined;
      return JSON.parse(await response.text()) as unknown;
    });
  } catch {
    return undefined;
  }
}

/** docs/architecture.md ("Deploys without broken tabs"): requested once; nothing reads it. */
export async function requestBuildMeta(id: string = __BUILD_ID__): Promise<void> {
  await fetchJson(buildMetaPath(id), 'no-cache');
}

export async function fetchLatest(): Promise<BuildLatest | 'unknown'> {
  // The query defeats caches that ignore no-store; the file itself is served no-cache.
  const body = await fetchJson(`${latestPath}?t=${Date.now()}`, 'no-store');
  return isBuildLatest(body) ? { id: body.id, timestamp: body.timestamp } : 'unknown';
}
