/**
 * Writes the wrangler config that `types.sh` hands to `wrangler types`: the first brand's Worker
 * config as config.ts builds it (every brand's Worker has the same bindings; only the values of
 * its vars differ, and the types are generated with --strict-vars=false).
 *   node --import tsx deploy/cloudflare/typesConfig.ts <file>
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { brandIds } from '../../src/brand/brands';
import { brandConfig } from './config';

const file = process.argv[2];
if (!file) {
  console.error('usage: node --import tsx deploy/cloudflare/typesConfig.ts <file>');
  process.exit(2);
}
const outDir = dirname(dirname(resolve(file)));
const brand = brandIds[0]!;
const config = brandConfig(brand, { outDir, distDir: resolve('dist'), local: true, env: {} });
mkdirSync(dirname(resolve(file)), { recursive: true });
writeFileSync(resolve(file), `${JSON.stringify(config, null, 2)}\n`);
