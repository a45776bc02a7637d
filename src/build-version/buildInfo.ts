/**
 * The two build files the deploy writes per brand tree, and how to read them. Hand-written
 * guards instead of a schema library: this ships in the first-view bundle (after idle).
 * Anything that is not the expected JSON (an HTML fallback page, wrong types, an empty id) is
 * "unknown", never "new", so a misconfigured CDN can't make open tabs reload.
 */

export type BuildLatest = { id: string; timestamp: number };

export type BuildMeta = BuildLatest & {
  brand: string;
  /** Paths the build prerendered, e.g. ['/', '/term']; only these have payload files. */
  prerendered: string[];
};

export const buildsBase = '/_app/builds';

/** Ids end up in URLs and logs; a sane id is short, printable and free of slashes. */
const idPattern = /^[\w.-]{1,128}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isBuildId(value: unknown): value is string {
  return typeof value === 'string' && idPattern.test(value);
}

export function isBuildLatest(value: unknown): value is BuildLatest {
  return (
    isRecord(value) &&
    isBuildId(value.id) &&
    typeof value.timestamp === 'number' &&
    Number.isFinite(value.timestamp)
  );
}

export function isBuildMeta(value: unknown): value is BuildMeta {
  if (!isRecord(value) || !isBuildLatest(value)) return false;
  const { brand, prerendered } = value as Record<string, unknown>;
  return (
    typeof brand === 'string' &&
    Array.isArray(prerendered) &&
    prerendered.every((path: unknown) => typeof path === 'string' && path.startsWith('/'))
  );
}

/** The parsed body, or undefined for a failed request, a non-2xx answer or a body that isn't JSON. */
async function fetchJson(url: string, cache: RequestCache): Promise<unknown> {
  try {
    const response = await fetch(url, { cache, credentials: 'same-origin' });
    if (!response.ok) return undefined;
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return undefined;
  }
}

export function buildMetaUrl(id: string): string {
  return `${buildsBase}/meta/${encodeURIComponent(id)}.json`;
}

/** The meta file of build `id` (this bundle's own build by default), or null when unreadable. */
export async function fetchBuildMeta(id: string = __BUILD_ID__): Promise<BuildMeta | null> {
  const body = await fetchJson(buildMetaUrl(id), 'no-cache');
  // A meta file for another id would describe payloads this bundle can't read.
  return isBuildMeta(body) && body.id === id ? body : null;
}

let metaOfThisBuild: Promise<BuildMeta | null> | undefined;

/**
 * This bundle's meta, fetched once and shared (start-up and payload loaders ask for it). A
 * failed fetch is not remembered, so the next caller tries again.
 */
export function getBuildMeta(): Promise<BuildMeta | null> {
  if (!metaOfThisBuild) {
    const pending = fetchBuildMeta();
    metaOfThisBuild = pending;
    void pending.then((meta) => {
      if (meta === null && metaOfThisBuild === pending) metaOfThisBuild = undefined;
    });
  }
  return metaOfThisBuild;
}

/** Forgets the shared meta; for tests. */
export function resetBuildMetaCache(): void {
  metaOfThisBuild = undefined;
}

/** The latest deployed build, or 'unknown' when the answer can't be trusted. */
export async function fetchLatest(): Promise<BuildLatest | 'unknown'> {
  // The query defeats caches that ignore no-store; the file itself is served no-cache.
  const body = await fetchJson(`${buildsBase}/latest.json?t=${Date.now()}`, 'no-store');
  return isBuildLatest(body) ? { id: body.id, timestamp: body.timestamp } : 'unknown';
}

/** '/term/' and '/term' are one page; the root stays '/'. */
function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Whether the build prerendered `pathname`, i.e. has a payload file for it. Without meta the
 * answer is false: guessing would fetch files that may not exist.
 */
export function isPrerendered(meta: BuildMeta | null, pathname: string): boolean {
  if (!meta) return false;
  const path = normalizePath(pathname);
  return meta.prerendered.some((listed) => normalizePath(listed) === path);
}
