/**
 * The two build files the prerender writes per brand tree, and how the page reads them. Loaded
 * only in idle time (startBackgroundTasks), never in the first view, yet kept to hand-written
 * guards: a schema library would be the largest part of that chunk. Anything that is not the
 * expected JSON (an HTML fallback page, wrong types, an empty id) is "unknown", never "new", so
 * a misconfigured CDN can't make open tabs reload.
 */
import { buildMetaPath, latestPath } from '../lib/buildPaths';
import { isRecord } from '../lib/isRecord';
import { withTimeout } from '../lib/withTimeout';

export type BuildLatest = { id: string; timestamp: number };

/** `_app/builds/meta/<id>.json`, as prerender/prerender.ts writes it. */
export type BuildMeta = BuildLatest & {
  brand: string;
  /** Paths the build prerendered, e.g. ['/', '/term']; only these have payload files. */
  prerendered: string[];
};

/** Ids end up in URLs and logs; a sane id is short, printable and free of slashes. */
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

/**
 * The parsed body, or undefined for a failed request, a non-2xx answer, a body that isn't JSON or
 * an answer (headers or body) that takes longer than housekeepingTimeoutMs.
 */
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

/**
 * Requests this bundle's meta file once at start, as docs/architecture.md ("Deploys without broken
 * tabs") states. Nothing in the page reads the answer, so none is returned (a reader would add the
 * guard for the BuildMeta shape); a failure or a body that isn't JSON changes nothing.
 */
export async function requestBuildMeta(id: string = __BUILD_ID__): Promise<void> {
  await fetchJson(buildMetaPath(id), 'no-cache');
}

/** The latest deployed build, or 'unknown' when the answer can't be trusted. */
export async function fetchLatest(): Promise<BuildLatest | 'unknown'> {
  // The query defeats caches that ignore no-store; the file itself is served no-cache.
  const body = await fetchJson(`${latestPath}?t=${Date.now()}`, 'no-store');
  return isBuildLatest(body) ? { id: body.id, timestamp: body.timestamp } : 'unknown';
}
