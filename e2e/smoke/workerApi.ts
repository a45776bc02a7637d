// Raw HTTP calls with a Host header, sent as is: to every engine (smoke.spec.ts), and to the
// Cloudflare engine's estimate API for what only the real runtime shows (api.spec.ts,
// restart.spec.ts). The API's own rules are unit-tested (tests/server/).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { writeConfigs } from '../../deploy/cloudflare/config';
import { node22, wranglerJs } from '../../deploy/cloudflare/wranglerBin';
import { leadChannels } from '../../server/delivery/channels';
import type { BrandId } from '../../src/brand/brands';
import { parseCsv } from '../../tests/parseCsv';
import { validRequest } from '../../tests/factories/estimate';
import { rawCall, tokyoDay, type Answer, type Call } from '../leadRecords';
import { brandHost, engines, smokeApi, smokeDistDir } from './engines';

export const cloudflareOnly = 'D1, the queue and the webhook exist on the Cloudflare engine only';

/** A request to `brand`'s Worker on `onPort` (the Cloudflare engine's, unless said). */
export function call(brand: BrandId, request: Call, onPort = engines.cloudflare.port) {
  return rawCall(onPort, brandHost(brand, onPort), request);
}

/** Each test is its own client (CF-Connecting-IP), so rate limits never cross tests. */
export function client(): string {
  const random = randomUUID().replace(/\D/g, '').padEnd(6, '1');
  return `10.${Number(random.slice(0, 2))}.${Number(random.slice(2, 4))}.${Number(random.slice(4, 6))}`;
}

export function lead(
  brand: BrandId,
  overrides: { model?: string; email?: string; notes?: string } = {},
) {
  return validRequest(brand, {
    vehicle: overrides.model === undefined ? {} : { model: overrides.model },
    customer: { email: overrides.email ?? `u${randomUUID().slice(0, 8)}@example.com` },
    request: { courtesyCar: 'yes', notes: overrides.notes ?? '' },
    tracking: { source: 'google', gaid: `g-${randomUUID().slice(0, 8)}` },
  });
}

export function postJson(
  brand: BrandId,
  body: unknown,
  options: { key?: string; ip: string; onPort?: number; headers?: Record<string, string> },
) {
  return call(
    brand,
    {
      method: 'POST',
      path: '/api/estimates',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': options.key ?? randomUUID(),
        'CF-Connecting-IP': options.ip,
        ...options.headers,
      },
      body: JSON.stringify(body),
    },
    options.onPort,
  );
}

export function idOf(answer: Answer): string {
  expect(answer.status, answer.body).toBe(201);
  return (JSON.parse(answer.body) as { id: string }).id;
}

/** Today's leads of `brand` as CSV, with the export secret. */
export async function exportCsv(brand: BrandId, onPort = engines.cloudflare.port): Promise<string> {
  const today = tokyoDay(0);
  const answer = await call(
    brand,
    {
      path: `/api/estimates.csv?from=${today}&to=${today}`,
      headers: { Authorization: `Bearer ${smokeApi.exportSecret}` },
    },
    onPort,
  );
  expect(answer.status, answer.body).toBe(200);
  return answer.body;
}

export function csvLine(csv: string, id: string): string {
  return csv.split('\r\n').find((line) => line.includes(`"${id}"`)) ?? '';
}

/** Lead `id`'s delivery state on each channel, by channel name, as the CSV shows it to staff. */
export async function channelStates(brand: BrandId, id: string): Promise<Record<string, string>> {
  const csv = await exportCsv(brand);
  const [header = [], ...rows] = parseCsv(csv);
  const row = rows.find((cells) => cells.includes(id)) ?? [];
  return Object.fromEntries(
    leadChannels.map((channel) => {
      const column = header.indexOf(`配信（${channel.label}）`);
      return [channel.name, row[column] ?? ''];
    }),
  );
}

/** The brand's configs as dev.ts writes them, for `wrangler d1 execute` (once per state dir). */

const execFileAsync = promisify(execFile);

const configsFor = new Map<string, string>();
function configOf(brand: BrandId, stateDir: string): string {
  let dir = configsFor.get(stateDir);
  if (!dir) {
    dir = resolve(`${stateDir}-configs`);
    writeConfigs({ outDir: dir, distDir: resolve(smokeDistDir), local: true, env: {} });
    configsFor.set(stateDir, dir);
  }
  return join(dir, brand, 'wrangler.json');
}

/**
 * Rows of an SQL query on the brand's local D1 database. Asynchronous: the webhook receiver runs
 * in this process and must keep answering meanwhile.
 */
export async function d1(brand: BrandId, sql: string, stateDir = smokeApi.stateDir) {
  const config = configOf(brand, stateDir);
  const args = [wranglerJs, 'd1', 'execute', 'DB', '--local', '--persist-to', resolve(stateDir)];
  const { stdout } = await execFileAsync(
    node22,
    [...args, '-c', config, '--json', '--command', sql],
    { env: { ...process.env, WRANGLER_SEND_METRICS: 'false' }, timeout: 60_000 },
  );
  const [result] = JSON.parse(stdout) as Array<{ results: Array<Record<string, unknown>> }>;
  return result!.results;
}

/** A stage recorded through the staff API with the shared secret, as a shop's tool would. */
export function postStage(brand: BrandId, id: string, key: string, body: object) {
  return call(brand, {
    method: 'POST',
    path: `/api/staff/leads/${id}/stages`,
    headers: {
      Authorization: `Bearer ${smokeApi.staffSecret}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify(body),
  });
}

/**
 * A second Cloudflare engine of a spec's own (deploy/cloudflare/dev.ts on `port`, in a process
 * group of its own), once it answers.
 */
export async function startWorker(port: number, env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'deploy/cloudflare/dev.ts', '--no-build'],
    {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, ...env, PORT: String(port), DIST_DIR: smokeDistDir },
    },
  );
  await expect
    .poll(
      () => {
        if (child.exitCode !== null) throw new Error(`dev.ts exited (${child.exitCode})`);
        return rawCall(port, `localhost:${port}`, { path: '/robots.txt' }).then(
          (answer) => answer.status,
          () => 0,
        );
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(200);
  return child;
}

/** Ends a worker of startWorker's and everything it started (dev.ts ends wrangler's group). */
export async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/**
 * Kills a worker of startWorker's runtime with no clean stop, as a crash would: SIGKILL to
 * wrangler's process group (dev.ts runs it in one of its own), then dev.ts exits.
 */
export async function crashWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  const { stdout } = await execFileAsync('ps', ['-A', '-o', 'pid=,ppid=,args=']);
  const wrangler = stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find(([, ppid, ...args]) => Number(ppid) === child.pid && args.join(' ').includes('wrangler'));
  if (!wrangler) throw new Error(`no wrangler under dev.ts (${child.pid})`);
  process.kill(-Number(wrangler[0]), 'SIGKILL');
  await exited;
}
