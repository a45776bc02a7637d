/**
 * `npm run bench`: builds, serves the local origin (and a script-free copy of the landing pages),
 * runs Lighthouse (mobile) several times on every page of both brands, measures tap to dialog on a
 * throttled phone profile, and writes bench/report.md, bench/report.json and the README's
 * "Latest figures". Not part of `npm test`: timings belong here, never in test assertions.
 *
 * Environment: BENCH_SKIP_BUILD=1 reuses dist/; BENCH_RUNS (default 3) runs per page and tap;
 * BENCH_PORT (default 4176; the script-free copy uses the next port); BENCH_ONLY=lighthouse or
 * BENCH_ONLY=taps runs one half and prints it without writing any report; BENCH_NOTE adds a
 * sentence about the machine to the report (e.g. what else was running).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as prettier from 'prettier';
import { brandIds, localOrigin, type BrandId } from '../src/brand/brands';
import { pageTable } from '../src/content/pageTable';
import { chromiumArgs, chromiumPath } from '../e2e/browser';
import {
  categories,
  pageMisses,
  renderReadmeFigures,
  renderReport,
  summarizeTaps,
  tapMisses,
  type Category,
  type PageRow,
  type Report,
  goals,
} from './report';
import { firstViewSizes, lazyChunkSizes } from './sizes';
import { summarize } from './stats';
import { measureTaps, type TapRun } from './tap';

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
const port = Number(process.env.BENCH_PORT ?? 4176);
const noScriptPort = port + 1;
const only = process.env.BENCH_ONLY;
const noScriptDist = '.build/bench-noscript';
const readmeStart = '<!-- bench:figures:start -->';
const readmeEnd = '<!-- bench:figures:end -->';
const pages = pageTable.map((page) => ({ path: page.path, file: `${page.route}.html` }));

type Variant = 'app' | 'no-script';

type LighthouseSample = {
  brand: BrandId;
  path: string;
  run: number;
  variant: Variant;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
  benchmarkIndex: number;
  failedAudits: string[];
  error?: string;
};

// ── Processes this bench starts, ended by their pid whatever way the bench ends ──

const servers = new Set<ChildProcess>();
const chromes = new Set<chromeLauncher.LaunchedChrome>();

function killStartedProcesses(): void {
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

/** Started by node's own path so the pid is the server's, and stopped by it. */
function startServer(atPort: number, distDir: string): ChildProcess {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(atPort),
      DIST_DIR: distDir,
      ESTIMATES_FILE: `.data/bench-estimates-${atPort}.jsonl`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.add(server);
  server.on('exit', () => servers.delete(server));
  return server;
}

async function waitForServer(server: ChildProcess, atPort: number): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
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
function makeNoScriptTrees(): void {
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

// ── Lighthouse ──

/**
 * One audit in a Chrome of its own (killed by pid afterwards). Lighthouse now and then fails a
 * run (NO_NAVSTART, NO_LCP, a protocol timeout): such a run is repeated, up to three attempts.
 */
async function audit(
  url: string,
  at: Pick<LighthouseSample, 'brand' | 'path' | 'run' | 'variant'>,
): Promise<LighthouseSample> {
  let lastError = '';
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: chromiumArgs.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
      handleSIGINT: false,
    });
    chromes.add(chrome);
    try {
      const sample = await auditOnce(url, chrome.port, at);
      if (Number.isFinite(sample.lcpMs) && Number.isFinite(sample.tbtMs)) return sample;
      lastError = 'no LCP or TBT in the result';
    } catch (error) {
      lastError = String(error).split('\n')[0] ?? 'unknown error';
    } finally {
      chrome.kill();
      chromes.delete(chrome);
    }
    console.warn(`retrying ${url} (attempt ${attempt}: ${lastError})`);
  }
  return {
    ...at,
    scores: Object.fromEntries(categories.map((id) => [id, Number.NaN])) as Record<
      Category,
      number
    >,
    lcpMs: Number.NaN,
    tbtMs: Number.NaN,
    cls: Number.NaN,
    lcpElement: 'unknown',
    benchmarkIndex: Number.NaN,
    failedAudits: [],
    error: lastError,
  };
}

async function auditOnce(
  url: string,
  chromePort: number,
  at: Pick<LighthouseSample, 'brand' | 'path' | 'run' | 'variant'>,
): Promise<LighthouseSample> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    // The tag manager cannot be reached from this machine; measure the site, not the timeout.
    blockedUrlPatterns: ['*googletagmanager.com*', '*google-analytics.com*'],
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedAudits = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  const lcpItems = (
    lhr.audits['largest-contentful-paint-element']?.details as
      { items?: Array<{ items?: Array<{ node?: { selector?: string } }> }> } | undefined
  )?.items;
  return {
    ...at,
    scores: Object.fromEntries(
      categories.map((id) => [id, lhr.categories[id]?.score ?? Number.NaN]),
    ) as Record<Category, number>,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.selector ?? 'unknown',
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failedAudits,
  };
}

/**
 * Every page `runs` times, interleaved (each page once, then again) so a change in load touches
 * every page alike; each landing page's script-free copy right after the page.
 */
async function measureLighthouse(): Promise<LighthouseSample[]> {
  const samples: LighthouseSample[] = [];
  for (let run = 1; run <= runs; run += 1) {
    for (const brand of brandIds) {
      for (const page of pages) {
        const variants: [Variant, number][] = [['app', port]];
        if (page.path === '/') variants.push(['no-script', noScriptPort]);
        for (const [variant, atPort] of variants) {
          const sample = await audit(localOrigin(brand, atPort) + page.path, {
            brand,
            path: page.path,
            run,
            variant,
          });
          samples.push(sample);
          console.log(
            `lighthouse ${brand} ${page.path}${variant === 'no-script' ? ' (no scripts)' : ''} run ${run}: perf ${sample.scores.performance} LCP ${Math.round(sample.lcpMs)} ms TBT ${Math.round(sample.tbtMs)} ms CLS ${sample.cls.toFixed(3)}${sample.error ? ` FAILED ${sample.error}` : ''}`,
          );
        }
      }
    }
  }
  return samples;
}

function pageRows(samples: LighthouseSample[]): PageRow[] {
  const rows: PageRow[] = [];
  for (const brand of brandIds) {
    for (const page of pages) {
      const of = (variant: Variant) =>
        samples.filter((s) => s.brand === brand && s.path === page.path && s.variant === variant);
      const app = of('app');
      if (!app.length) continue;
      const row: PageRow = {
        brand,
        path: page.path,
        scores: Object.fromEntries(
          categories.map((id) => [id, summarize(app.map((s) => s.scores[id]))]),
        ) as PageRow['scores'],
        lcpMs: summarize(app.map((s) => s.lcpMs)),
        tbtMs: summarize(app.map((s) => s.tbtMs)),
        cls: summarize(app.map((s) => s.cls)),
        lcpElement: mostCommon(app.map((s) => s.lcpElement)),
        sizes: firstViewSizes(join('dist', brand), page.file),
      };
      const bare = of('no-script');
      if (bare.length) {
        const pairs = app.flatMap((s) => {
          const b = bare.find((x) => x.run === s.run);
          return b ? [[s, b] as const] : [];
        });
        row.noScript = {
          lcpMs: summarize(bare.map((s) => s.lcpMs)),
          tbtMs: summarize(bare.map((s) => s.tbtMs)),
          lcpRatio: summarize(pairs.map(([a, b]) => a.lcpMs / b.lcpMs)),
          tbtDiffMs: summarize(pairs.map(([a, b]) => a.tbtMs - b.tbtMs)),
        };
      }
      rows.push(row);
    }
  }
  return rows;
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'unknown';
}

function lighthouseVersion(): string {
  return (
    JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }
  ).version;
}

function chromiumVersion(): string {
  const out = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  return /(\d+\.\d+\.\d+\.\d+)/.exec(out)?.[1] ?? 'unknown';
}

/** Rewrites the README's generated block, formatted as `npm test`'s prettier check wants it. */
async function updateReadme(figures: string): Promise<void> {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf(readmeStart);
  const end = readme.indexOf(readmeEnd);
  if (start < 0 || end < start) {
    console.warn(`README.md has no ${readmeStart} … ${readmeEnd} block; not updated`);
    return;
  }
  const updated = `${readme.slice(0, start + readmeStart.length)}\n\n${figures}\n\n${readme.slice(end)}`;
  const options = (await prettier.resolveConfig('README.md')) ?? {};
  writeFileSync('README.md', await prettier.format(updated, { ...options, filepath: 'README.md' }));
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const load: number[] = [loadavg()[0]!];
  const loadSampler = setInterval(() => load.push(loadavg()[0]!), 10_000);
  if (!process.env.BENCH_SKIP_BUILD) {
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  makeNoScriptTrees();
  const app = startServer(port, 'dist');
  const bare = startServer(noScriptPort, noScriptDist);
  let lighthouseSamples: LighthouseSample[] = [];
  let tapSamples: TapRun[] = [];
  const durationMs = { total: 0, lighthouse: 0, taps: 0 };
  try {
    await Promise.all([waitForServer(app, port), waitForServer(bare, noScriptPort)]);
    if (only !== 'taps') {
      const t0 = Date.now();
      lighthouseSamples = await measureLighthouse();
      durationMs.lighthouse = Date.now() - t0;
    }
    if (only !== 'lighthouse') {
      const t0 = Date.now();
      const origins = Object.fromEntries(brandIds.map((b) => [b, localOrigin(b, port)])) as Record<
        BrandId,
        string
      >;
      tapSamples = await measureTaps(origins, runs, (line) => console.log(line));
      durationMs.taps = Date.now() - t0;
    }
  } finally {
    clearInterval(loadSampler);
    killStartedProcesses();
  }
  durationMs.total = Date.now() - startedAt;

  const pagesSummary = pageRows(lighthouseSamples);
  const taps = summarizeTaps(tapSamples);
  const notes: string[] = [];
  for (const s of lighthouseSamples) {
    if (s.error)
      notes.push(
        `${s.brand} ${s.path} (${s.variant}) run ${s.run}: Lighthouse failed three times: ${s.error}`,
      );
    else if (s.failedAudits.length)
      notes.push(
        `${s.brand} ${s.path} (${s.variant}) run ${s.run}: failed audits ${s.failedAudits.join(', ')}`,
      );
  }
  for (const t of tapSamples) {
    if (t.error) notes.push(`tap ${t.brand} ${t.scenario} run ${t.run}: failed twice: ${t.error}`);
  }
  const report: Report = {
    measuredAt: new Date().toISOString(),
    durationMs,
    runs,
    lighthouseVersion: lighthouseVersion(),
    chromiumVersion: chromiumVersion(),
    machine: {
      cpus: cpus().length,
      loadAverage1m: summarize(load),
      benchmarkIndex: summarize(lighthouseSamples.map((s) => s.benchmarkIndex)),
      ...(process.env.BENCH_NOTE ? { note: process.env.BENCH_NOTE } : {}),
    },
    goals,
    pages: pagesSummary,
    taps,
    modalChunk: Object.fromEntries(
      brandIds.flatMap((brand) => {
        const chunk = lazyChunkSizes(
          join('dist', brand),
          'EstimateForm',
          firstViewSizes(join('dist', brand), 'index.html'),
        );
        return chunk ? [[brand, chunk]] : [];
      }),
    ),
    misses: [...pageMisses(pagesSummary), ...tapMisses(taps)],
    notes,
    samples: { lighthouse: lighthouseSamples, taps: tapSamples },
  };

  if (only) {
    console.log(renderReport(report));
    console.log(`BENCH_ONLY=${only}: no report written`);
    return;
  }
  writeFileSync('bench/report.json', `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync('bench/report.md', renderReport(report));
  await updateReadme(renderReadmeFigures(report, brandIds));
  console.log(
    `Wrote bench/report.md, bench/report.json and README.md in ${(durationMs.total / 60_000).toFixed(1)} min (${report.misses.length} goals missed)`,
  );
}

await main();
