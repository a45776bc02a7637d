// e2e against the built site on the local origin: `npm run test:e2e` (after `npm run build`).
// E2E_PORT, DIST_DIR and E2E_OUTPUT let several runs work side by side.
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/browser';

const port = Number(process.env.E2E_PORT ?? 4174);
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
    command: 'node --import tsx server/node/main.ts',
    url: `http://127.0.0.1:${port}/robots.txt`,
    env: {
      PORT: String(port),
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      ESTIMATES_FILE: `.data/e2e-estimates-${port}.jsonl`,
      MAIL_DIR: `.data/e2e-mail-${port}`,
      // The suite posts far more leads from 127.0.0.1 than a visitor could; the limit itself is
      // unit-tested (tests/server/estimateHandler.test.ts).
      ESTIMATES_RATE_LIMIT: '100000',
    },
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
