// The smoke suite: one set of checks against every serving engine (e2e/smoke/engines.ts),
// `npm run test:smoke` (after `npm run build`). Playwright starts each engine's server and stops
// it by its pid (process group, SIGTERM) when the run ends, failed or not.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/browser';
import { brandIds } from './src/brand/brands';
import {
  apiEnv,
  mailDirOf,
  previousBuildId,
  selectedEngines,
  smokeApi,
  smokeDistDir,
} from './e2e/smoke/engines';

const distDir = process.env.DIST_DIR ?? 'dist';
const outputDir = process.env.E2E_OUTPUT ?? 'test-results-smoke';

// Once, in the runner's process of `playwright test` (not in each worker, nor when a tool such as
// knip only reads this config): copy the build and add a previous build's payloads and meta, as
// they stay on the host after a deploy.
if (!process.env.TEST_WORKER_INDEX && process.argv.includes('test')) {
  if (!brandIds.every((brand) => existsSync(join(distDir, brand, '_headers')))) {
    throw new Error(`${distDir}/ has no built trees: run npm run build first`);
  }
  rmSync(smokeDistDir, { recursive: true, force: true });
  // The Cloudflare engine starts with no leads and no mails on every run.
  rmSync(smokeApi.stateDir, { recursive: true, force: true });
  rmSync(mailDirOf(), { recursive: true, force: true });
  cpSync(distDir, smokeDistDir, { recursive: true });
  for (const brand of brandIds) {
    const builds = join(smokeDistDir, brand, '_app/builds');
    const { id } = JSON.parse(readFileSync(join(builds, 'latest.json'), 'utf8')) as { id: string };
    cpSync(join(builds, id), join(builds, previousBuildId), { recursive: true });
    cpSync(join(builds, 'meta', `${id}.json`), join(builds, 'meta', `${previousBuildId}.json`));
  }
}

const engines = selectedEngines();

export default defineConfig({
  testDir: 'e2e/smoke',
  outputDir,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  reporter: 'list',
  use: {
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: engines.map((engine) => ({
    name: engine.name,
    use: { ...devices['Desktop Chrome'], channel: undefined },
  })),
  webServer: engines.map((engine) => ({
    command: engine.command,
    url: `http://127.0.0.1:${engine.port}/robots.txt`,
    env: {
      PORT: String(engine.port),
      DIST_DIR: smokeDistDir,
      ...apiEnv(engine.name),
    },
    reuseExistingServer: false,
    // The first Cloudflare run installs wrangler and Node 22 into deploy/cloudflare.
    timeout: 240_000,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
