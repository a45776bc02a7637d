// Installs Debian's Chromium when it is missing (Playwright cannot download browsers here).
// Run by `npm run test:e2e`; needs root, as these machines run. CHROME_PATH overrides the path.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`${chromium} is missing: installing Debian's chromium…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
