/**
 * `npm run build`: the client build, the SSR build, then the prerender into dist/<brand>/.
 * BUILD_ID may be set to fix the build id (tests do); otherwise a new one is made.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { brandIds } from '../src/brand/brands';

// Before anything loads React: the SSR bundle and the prerender must use the production build
// of every React package (mixing modes breaks rendering).
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
const { prerender } = await import('./prerender');

const buildId =
  process.env.BUILD_ID || `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
// vite.config.ts bakes it into the client bundle as __BUILD_ID__.
process.env.BUILD_ID = buildId;

// Both may be moved so that several builds can run side by side (e2e of two build ids). The work
// dir must stay inside the project: the SSR bundle resolves react from its node_modules.
const outDir = process.env.DIST_DIR || 'dist';
const workDir = process.env.BUILD_WORK_DIR || '.build';

await build({
  logLevel: 'warn',
  build: { outDir: `${workDir}/client`, emptyOutDir: true, manifest: true },
});
await build({
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: `${workDir}/server`, emptyOutDir: true },
});
await rm(outDir, { recursive: true, force: true });
await prerender({
  buildId,
  clientDir: `${workDir}/client`,
  serverEntry: `${workDir}/server/entry-server.js`,
  outDir,
});
console.log(`Built ${brandIds.map((id) => `${outDir}/${id}`).join(', ')}, build id ${buildId}`);
