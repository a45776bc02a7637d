/**
 * `npm run build`: the client build, the SSR build, then the prerender into dist/<brand>/.
 * BUILD_ID may be set to fix the build id (tests do); otherwise a new one is made.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';

// Before anything loads React: the SSR bundle and the prerender must use the production build
// of every React package (mixing modes breaks rendering).
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
const { prerender } = await import('./prerender');

const buildId =
  process.env.BUILD_ID || `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
// vite.config.ts bakes it into the client bundle as __BUILD_ID__.
process.env.BUILD_ID = buildId;

await build({
  logLevel: 'warn',
  build: { outDir: '.build/client', emptyOutDir: true, manifest: true },
});
await build({
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: '.build/server', emptyOutDir: true },
});
await rm('dist', { recursive: true, force: true });
await prerender({
  buildId,
  clientDir: '.build/client',
  serverEntry: '.build/server/entry-server.js',
  outDir: 'dist',
});
console.log(`Built dist/carsupport and dist/yamada, build id ${buildId}`);
