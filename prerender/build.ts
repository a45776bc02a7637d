// `npm run build`: client build, SSR build, prerender. BUILD_ID fixes the build id (tests do).
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { brandIds } from '../src/brand/brands';

// Before React loads: the SSR bundle and the prerender must not mix React's modes.
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
const { prerender } = await import('./prerender');

const buildId =
  process.env.BUILD_ID || `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
// vite.config.ts bakes it into the client bundle as __BUILD_ID__.
process.env.BUILD_ID = buildId;

// Movable for side-by-side builds; the work dir stays in the project (SSR resolves react there).
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
