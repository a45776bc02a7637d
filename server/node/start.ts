/**
 * `npm start`: builds when dist/ is missing or older than the sources, then serves it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brandIds } from '../../src/brand/brands';

const sources = [
  'src',
  'public',
  'prerender',
  'server/core/headers.ts',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
// One per brand tree: building again when any tree is missing or older than the sources.
const markers = brandIds.map((brand) => `dist/${brand}/_app/builds/latest.json`);

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const builtAt = Math.min(
  ...markers.map((marker) => (existsSync(marker) ? statSync(marker).mtimeMs : 0)),
);
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'Building…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('./main');
