/**
 * `npm run bench`: builds, serves both brands' Workers (and a script-free copy of the landing pages),
 * runs Lighthouse (mobile) several times on every page of both brands, measures tap to dialog on a
 * throttled phone profile, has a scripted visitor finish the estimate there with and without the
 * form's aids, and writes bench/report.md (its summary first) and bench/report.json.
 * Not part of `npm test`: timings belong here, never in test assertions. Its parts: processes.ts
 * (servers and browsers), lighthouse.ts, tap.ts and finish.ts (run by interleaved.ts), writeReport.ts.
 *
 * Environment: BENCH_SKIP_BUILD=1 reuses dist/; BENCH_RUNS (default 3) runs per page, tap and
 * visitor; BENCH_PORT (default 4176; the script-free copy uses the next port);
 * BENCH_ONLY=lighthouse, taps, finish, staff (the staff's D1 queries) or worker (workerSize.ts) runs one part and prints it without writing any report;
 * BENCH_NOTE adds a sentence about the machine to the report (e.g. what else was running).
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { brandIds, defaultBrandId, localOrigin, type BrandId } from '../src/brand/brands';
import { measureLighthouse, type LighthouseSample } from './lighthouse';
import {
  killStartedProcesses,
  makeNoScriptTrees,
  noScriptDist,
  startServer,
  waitForServer,
} from './processes';
import { measureFinish } from './finish';
import type { FinishRun } from './finishProfile';
import { renderReport } from './render';
import type { StaffQueryTiming } from './stats';
import { measureTaps } from './tap';
import type { TapRun } from './tapProfile';
import { assembleReport, writeReport } from './writeReport';
import { measureWorker, type WorkerFigures } from './workerSize';
import { installWrangler, node22 } from '../deploy/cloudflare/wranglerBin';

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
const workerRuns = Math.max(5, runs);
const port = Number(process.env.BENCH_PORT ?? 4176);
const noScriptPort = port + 1;
const parts = ['lighthouse', 'taps', 'finish', 'staff', 'worker'] as const;
const only = process.env.BENCH_ONLY;
if (only && !parts.includes(only as (typeof parts)[number])) {
  console.error(`BENCH_ONLY is one of ${parts.join(', ')}; got ${only}`);
  process.exit(2);
}
/** Miniflare needs Node 22: the one deploy/cloudflare installs for wrangler. */
function measureStaffQueries(): StaffQueryTiming[] {
  const child = spawnSync(node22, ['--import', 'tsx', 'bench/staffQueries.ts', brandIds[0]], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  const last = child.stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(last) as StaffQueryTiming[];
  } catch {
    console.error(`staff queries: no timings (${child.stderr.slice(-500)})`);
    return [];
  }
}

const measures = (part: (typeof parts)[number]) => !only || only === part;

async function main(): Promise<void> {
  const startedAt = Date.now();
  const load: number[] = [loadavg()[0]!];
  const loadSampler = setInterval(() => load.push(loadavg()[0]!), 10_000);
  if (!process.env.BENCH_SKIP_BUILD) {
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const served = measures('lighthouse') || measures('taps') || measures('finish');
  if (served) makeNoScriptTrees();
  // Once, before the two servers start: each would install wrangler too, both at once.
  if ((served || measures('staff')) && !installWrangler()) process.exit(1);
  const app = served ? startServer(port, 'dist') : undefined;
  const bare = served ? startServer(noScriptPort, noScriptDist) : undefined;
  let lighthouseSamples: LighthouseSample[] = [];
  let tapSamples: TapRun[] = [];
  let finishSamples: FinishRun[] = [];
  let staffQueries: StaffQueryTiming[] = [];
  let worker: WorkerFigures | undefined;
  const durationMs = { total: 0, lighthouse: 0, taps: 0, finish: 0 };
  const origins = Object.fromEntries(brandIds.map((b) => [b, localOrigin(b, port)])) as Record<
    BrandId,
    string
  >;
  const log = (line: string) => console.log(line);
  try {
    if (app && bare) {
      await Promise.all([waitForServer(app, port), waitForServer(bare, noScriptPort)]);
    }
    if (measures('lighthouse')) {
      const t0 = Date.now();
      lighthouseSamples = await measureLighthouse(runs, { app: port, 'no-script': noScriptPort });
      durationMs.lighthouse = Date.now() - t0;
    }
    if (measures('taps')) {
      const t0 = Date.now();
      tapSamples = await measureTaps(origins, runs, log);
      durationMs.taps = Date.now() - t0;
    }
    if (measures('finish')) {
      const t0 = Date.now();
      finishSamples = await measureFinish(origins, runs, log);
      durationMs.finish = Date.now() - t0;
    }
    if (measures('staff')) staffQueries = measureStaffQueries();
    if (measures('worker')) worker = measureWorker(defaultBrandId, { startupRuns: workerRuns });
  } finally {
    clearInterval(loadSampler);
    killStartedProcesses();
  }
  durationMs.total = Date.now() - startedAt;

  const report = assembleReport({
    runs,
    durationMs,
    load,
    lighthouseSamples,
    tapSamples,
    finishSamples,
    staffQueries,
    worker,
  });

  if (only) {
    console.log(renderReport(report));
    console.log(`BENCH_ONLY=${only}: no report written`);
    return;
  }
  writeReport(report);
  console.log(
    `Wrote bench/report.md and bench/report.json in ${(durationMs.total / 60_000).toFixed(1)} min (${report.misses.length} goals missed)`,
  );
}

await main();
