// Preloaded with the entry: the client resolves a route's lazy chunk before hydrating.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageOf, type RouteName } from '../src/content/pageTable';

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

export function readManifest(clientDir: string): Manifest {
  return JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

export function pageChunkFiles(manifest: Manifest, route: RouteName): string[] {
  const entry = manifest['index.html'];
  const loaded = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    chunk.imports?.forEach((imported) => collect(imported, into));
  };
  if (entry) collect('index.html', loaded);
  const files = new Set<string>();
  collect(pageOf(route).module, files);
  return [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
}
