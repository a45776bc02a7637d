// e2e against the built site on Cloudflare's runtime (deploy/cloudflare/dev.ts, the server of
// `npm start`): `npm run test:e2e` (after `npm run build`). E2E_PORT, DIST_DIR and E2E_OUTPUT let
// several runs work side by side.
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/browser';
import { exportSecret, mailDir, port, staffSecret, stateDir } from './e2e/server';

const outputDir = process.env.E2E_OUTPUT ?? 'test-results';

export default defineConfig({
  testDir: 'e2e',
  // The smoke suite has its own config and servers: playwright.smoke.config.ts.
  testIgnore: ['smoke/**'],
  outputDir,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Four workers on two cores: a test mostly waits (page loads, animations, expect's retries),
  // so with two the cores sat two-thirds idle (about 250 CPU-seconds in a 400 s run).
  workers: 4,
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: `${outputDir}-report` }]]
    : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'on-first-retry',
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // Without building (npm test builds first), on empty state and mail folders.
    command: 'node --import tsx deploy/cloudflare/dev.ts --no-build --fresh',
    url: `http://127.0.0.1:${port}/robots.txt`,
    env: {
      PORT: String(port),
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      CLOUDFLARE_STATE_DIR: stateDir,
      MAIL_DIR: mailDir,
      EXPORT_SECRET: exportSecret,
      STAFF_SECRET: staffSecret,
      // The suite posts far more leads from 127.0.0.1 than a visitor could; the limit itself is
      // unit-tested and held on the runtime by the smoke suite (e2e/smoke/api.spec.ts).
      ESTIMATES_RATE_LIMIT: '100000',
    },
    reuseExistingServer: !process.env.CI,
    // The first run on a machine installs wrangler and Node 22 into deploy/cloudflare.
    timeout: 240_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
