// wrangler needs Node >= 22.12: wrangler.sh installs it (the npm package "node") and wrangler into
// this folder's node_modules; the project stays on its own Node.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export const node22 = join(here, 'node_modules/node/bin/node');
export const wranglerJs = join(here, 'node_modules/wrangler/bin/wrangler.js');

/** Installs Node 22 and wrangler when missing or not the pinned versions; false if that failed. */
export function installWrangler(): boolean {
  return spawnSync('bash', [join(here, 'wrangler.sh')], { stdio: 'inherit' }).status === 0;
}
