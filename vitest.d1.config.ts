// The D1 tests (`npm run test:d1`): the Worker's D1 code against a real local D1 database with
// its migrations (tests/server/db/d1/d1.ts, Miniflare). Miniflare needs Node >= 22, so this runs with the
// Node 22 that deploy/cloudflare/ installs, not in `npm run test:unit`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: ['tests/server/db/d1/**/*.test.ts'],
    restoreMocks: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
