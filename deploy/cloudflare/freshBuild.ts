/** `npm start` builds when a brand's tree is missing or older than the sources it is made of. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brandIds } from '../../src/brand/brands';

/** What the build reads (of server/, what prerender/ imports: the _headers rules, the postal paths). */
const sources = [
  'src',
  'public',
  'prerender',
  'server/site/headers.ts',
  'server/leads/postalArea.ts',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Builds into `distDir` (DIST_DIR, which the build reads too) when stale; false if it failed. */
export function buildIfStale(root: string, distDir: string): boolean {
  // One marker per brand tree: any tree missing or older than the sources builds again.
  const builtAt = Math.min(
    ...brandIds.map((brand) => {
      const marker = join(distDir, brand, '_app/builds/latest.json');
      return existsSync(marker) ? statSync(marker).mtimeMs : 0;
    }),
  );
  const changedAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  if (builtAt >= changedAt) return true;
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'Building…');
  return spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status === 0;
}
