// e2e against the built site on Cloudflare's runtime (deploy/cloudflare/dev.ts, the server of
// `npm start`): `npm run test:e2e` (after `npm run build`). E2E_PORT, DIST_DIR and E2E_OUTPUT let
// several runs work side by side; workers and timeouts follow the machine (e2e/machine.ts).
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/browser';
import { scaled, workers } from './e2e/machine';
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
  workers,
  timeout: scaled(45_000),
  expect: { timeout: scaled(10_000) },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: `${outputDir}-report` }]]
    : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'on-first-retry',
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    // A step that hangs fails on its own, with its name, before the test's time runs out.
    actionTimeout: scaled(15_000),
    navigationTimeout: scaled(20_000),
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
    timeout: scaled(240_000),
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
