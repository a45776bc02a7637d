/**
 * Where each build's files live in a brand tree (docs/architecture.md, "Output tree"): the prerender writes
 * them there, the page reads them from there.
 */
const buildsBase = '/_app/builds';

/** The id and time of the build that is live; revalidated on every poll. */
export const latestPath = `${buildsBase}/latest.json`;

/** What build `id` prerendered. */
export function buildMetaPath(id: string): string {
  return `${buildsBase}/meta/${encodeURIComponent(id)}.json`;
}

/** The data of page `route` (a page-table route) of build `buildId`, for the page loader. */
export function payloadPath(buildId: string, route: string): string {
  return `${buildsBase}/${buildId}/payload/${route}.json`;
}
