// The first brand's Worker config, for `wrangler types`: every brand's has the same bindings.
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
