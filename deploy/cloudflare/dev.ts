/**
 * `npm start` (builds when dist/ is stale) and `npm run preview` (--no-build): every brand's Worker
 * under wrangler dev on 127.0.0.1:PORT, each mail kept as an .eml file; --fresh empties the state
 * and mail folders first. Its environment: README.md ("Configuration").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brandIds, localOrigin } from '../../src/brand/brands';
import { writeConfigs } from './config';
import { buildIfStale } from './freshBuild';
import { startMailKeeper } from './mailKeeper';
import { installWrangler, node22, wranglerJs } from './wranglerBin';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const args = process.argv.slice(2);
const env = process.env;
const port = Number(env.PORT || 4173);
const inspectorPort = Number(env.INSPECTOR_PORT || port + 10);
const fromRoot = (path: string) => resolve(root, path);
const distDir = fromRoot(env.DIST_DIR || 'dist');
const stateDir = fromRoot(env.CLOUDFLARE_STATE_DIR || '.data/cloudflare');
const mailDir = fromRoot(env.MAIL_DIR || '.data/mail');
const wranglerEnv = { ...env, WRANGLER_SEND_METRICS: 'false' };

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!Number.isInteger(port) || port <= 0) fail(`PORT: not a port (${env.PORT})`);
if (!args.includes('--no-build') && !buildIfStale(root, distDir)) fail('the build failed');
if (!installWrangler()) {
  fail('could not install wrangler into deploy/cloudflare/node_modules');
}
if (args.includes('--fresh')) {
  rmSync(stateDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
}
mkdirSync(stateDir, { recursive: true });

const keeper = await startMailKeeper(mailDir);
const tmp = mkdtempSync(join(tmpdir(), 'shaken-cloudflare-'));
let child: ChildProcess | undefined;
let stopping = false;

async function cleanUp(): Promise<void> {
  await keeper.close();
  rmSync(tmp, { recursive: true, force: true });
}

/** wrangler's process group: workerd, which it starts, outlives a wrangler killed alone. */
function signalWrangler(signal: NodeJS.Signals | 0): boolean {
  try {
    return child?.pid !== undefined && process.kill(-child.pid, signal);
  } catch {
    return false; // the group is gone
  }
}

/** SIGTERM to wrangler's group, then SIGKILL to what is left after 5 s (a runner's own comes at 10). */
async function endWrangler(): Promise<void> {
  signalWrangler('SIGTERM');
  for (let waited = 0; waited < 5_000 && signalWrangler(0); waited += 100) {
    await new Promise((wait) => setTimeout(wait, 100));
  }
  signalWrangler('SIGKILL');
}

/** Once: wrangler's group ended, the temporary configs gone, then exit with `code`. */
async function stop(code = 0, message = ''): Promise<never> {
  if (stopping) return new Promise(() => undefined);
  stopping = true;
  await endWrangler();
  await cleanUp();
  if (message) console.error(message);
  process.exit(code);
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
  process.on(signal, () => void stop());

/** Runs wrangler with `argv` in a process group of its own; its exit code (null if signalled). */
function runWrangler(argv: string[], cwd: string, quiet: boolean): Promise<number | null> {
  child = spawn(node22, [wranglerJs, ...argv], {
    cwd,
    env: wranglerEnv,
    detached: true,
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => {
    child!.once('exit', (code) => {
      if (code !== 0 && !stopping && output) process.stderr.write(output);
      done(code);
    });
  });
}

let configs: string[];
try {
  configs = writeConfigs({
    outDir: tmp,
    distDir,
    local: true,
    env: { ...env, PORT: String(port), MAIL_KEEPER_URL: keeper.url },
  });
} catch (error) {
  await cleanUp();
  fail(error instanceof Error ? error.message : String(error));
}
const router = configs.at(-1)!;
const brandConfigs = configs.slice(0, -1);

// One brand's database after the other: they share the state folder's metadata, which two
// wrangler processes at once can find locked (SQLITE_BUSY).
for (const config of brandConfigs) {
  const migrate = ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir];
  const code = await runWrangler([...migrate, '-c', config], dirname(config), true);
  if (stopping) await new Promise(() => undefined);
  if (code !== 0) {
    await cleanUp();
    fail(`wrangler d1 migrations apply failed (${config})`);
  }
}

const exited = runWrangler(
  [
    'dev',
    ...['-c', router, ...brandConfigs.flatMap((config) => ['-c', config])],
    ...['--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspectorPort)],
    ...['--persist-to', stateDir, '--test-scheduled'],
    '--show-interactive-dev-session=false',
    '--live-reload=false',
  ],
  tmp,
  false,
);
void announceWhenUp();
const code = await exited;
if (!stopping) await stop(code || 1, `wrangler dev exited (${code ?? 'signal'})`);

/** Each brand's URL once the first answers, and where leads and mails are kept. */
async function announceWhenUp(): Promise<void> {
  for (;;) {
    if (stopping || child?.exitCode !== null) return;
    const up = await fetch(`http://127.0.0.1:${port}/robots.txt`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) break;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  for (const brand of brandIds) console.log(`${brand}: ${localOrigin(brand, port)}`);
  console.log(`Leads (D1, queues) in ${stateDir}; mails as .eml files in ${mailDir}`);
  console.log(`Cron, every brand's: curl http://127.0.0.1:${port}/cdn-cgi/local/scheduled`);
  console.log(`…at any time: curl "http://127.0.0.1:${port}/__dev/cron?time=<epoch ms>"`);
}
