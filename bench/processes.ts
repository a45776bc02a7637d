/**
 * The bench's processes: the servers it serves the trees from (and the script-free copy of the
 * landing pages), and the Chromes Lighthouse drives. Each is ended by its pid whatever way the
 * bench ends (normal exit, error or signal).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { brandIds } from '../src/brand/brands';
import { chromiumArgs, chromiumPath } from '../e2e/browser';

export const noScriptDist = '.build/bench-noscript';

const servers = new Set<ChildProcess>();
const chromes = new Set<chromeLauncher.LaunchedChrome>();

export function killStartedProcesses(): void {
  for (const server of servers) server.kill();
  for (const chrome of chromes) {
    try {
      if (chrome.pid) process.kill(chrome.pid);
    } catch {
      // already gone
    }
  }
}

process.on('exit', killStartedProcesses);
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const) {
  process.on(signal, () => {
    console.error(`bench: ${signal}, stopping the servers and browsers it started`);
    process.exit(code);
  });
}

/**
 * `npm run preview`'s server (deploy/cloudflare/dev.ts) on fresh state, started by node's own path
 * so the pid is the server's, and stopped by it (it stops its wrangler).
 */
export function startServer(atPort: number, distDir: string): ChildProcess {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'deploy/cloudflare/dev.ts', '--no-build', '--fresh'],
    {
      env: {
        ...process.env,
        PORT: String(atPort),
        DIST_DIR: distDir,
        CLOUDFLARE_STATE_DIR: `.data/bench-state-${atPort}`,
        MAIL_DIR: `.data/bench-mail-${atPort}`,
        // The finish bench's visitors all come from 127.0.0.1; the cap is for the open internet.
        ESTIMATES_RATE_LIMIT: '100000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  servers.add(server);
  server.on('exit', () => servers.delete(server));
  return server;
}

export async function waitForServer(server: ChildProcess, atPort: number): Promise<void> {
  // wrangler dev applies the migrations and starts workerd first: up to minutes on a busy machine.
  for (let attempt = 0; attempt < 1800; attempt += 1) {
    if (server.exitCode !== null)
      throw new Error(`the server for port ${atPort} exited (${server.exitCode}); is it in use?`);
    try {
      if ((await fetch(`http://127.0.0.1:${atPort}/robots.txt`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server on ${atPort} did not start`);
}

/** A copy of the trees whose landing pages carry no script, to see what scripts cost. */
export function makeNoScriptTrees(): void {
  rmSync(noScriptDist, { recursive: true, force: true });
  cpSync('dist', noScriptDist, { recursive: true });
  for (const brand of brandIds) {
    const file = join(noScriptDist, brand, 'index.html');
    // Every executable script goes (the app loader, theme, entry capture, tag manager);
    // JSON data blocks stay, they run nothing.
    const html = readFileSync(file, 'utf8')
      .replace(/<script(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '');
    if (/<script(?![^>]*type="application\/(?:json|ld\+json)")/.test(html))
      throw new Error(`${file} still holds an executable script`);
    writeFileSync(file, html);
  }
}

/** A Chrome of its own for one Lighthouse audit; `stop` kills it. */
export async function launchChrome(): Promise<{ port: number; stop: () => void }> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumArgs.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
    handleSIGINT: false,
  });
  chromes.add(chrome);
  return {
    port: chrome.port,
    stop: () => {
      chrome.kill();
      chromes.delete(chrome);
    },
  };
}
