// Where each build's files live in a brand tree (docs/architecture.md, "Output tree").
const buildsBase = '/_app/builds';

/** Revalidated on every poll. */
export const latestPath = `${buildsBase}/latest.json`;

export function buildMetaPath(id: string): string {
  return `${buildsBase}/meta/${encodeURIComponent(id)}.json`;
}

export function payloadPath(buildId: string, route: string): string {
  return `${buildsBase}/${buildId}/payload/${route}.json`;
}
