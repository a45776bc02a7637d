// The Worker's tests on a real local D1 (`npm run test:d1`): every `*.d1.test.ts` under tests/server,
// the app and the stores over D1 with every migration (tests/server/d1.ts, wrangler's platform
// proxy: Miniflare on workerd). Miniflare needs Node >= 22, so this runs with the Node 22 that
// deploy/cloudflare/ installs, not in `npm run test:unit`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: ['tests/server/**/*.d1.test.ts'],
    // One worker per core, as the unit tests: each file mostly waits on its own workerd.
    maxWorkers: '100%',
    restoreMocks: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
