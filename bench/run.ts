/**
 * `npm run bench`: builds, serves the local origin, runs Lighthouse (mobile) on every route of both
 * brands and writes bench/report.md and bench/report.json. BENCH_SKIP_BUILD=1 reuses dist/.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { brandIds, type BrandId } from '../src/brand/brands';
import { chromiumArgs, chromiumPath } from '../e2e/browser';
import { firstViewSizes, type FirstViewSizes } from './sizes';

const port = 4176;
const noScriptPort = 4177;
const noScriptDist = '.build/bench-noscript';
const pages = [
  { path: '/', file: 'index.html' },
  { path: '/term', file: 'term.html' },
  { path: '/legal', file: 'legal.html' },
  { path: '/privacypolicy', file: 'privacypolicy.html' },
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export const goals = {
  performance: 0.98,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
  cls: 0.01,
  lcpRatio: 1.05,
  initialJsBytes: 110 * 1024,
};

type Row = {
  brand: BrandId;
  path: string;
  scores: Record<(typeof categories)[number], number>;
  lcpMs: number;
  lcpElement: string;
  cls: number;
  tbtMs: number;
  sizes: FirstViewSizes;
  noScriptLcpMs?: number;
  lcpRatio?: number;
};

function origin(brand: BrandId, atPort: number): string {
  return brand === 'yamada'
    ? `http://yamada-shaken.localhost:${atPort}`
    : `http://localhost:${atPort}`;
}

/** Started by node's own path so the pid is the server's, and stopped by it. */
function startServer(atPort: number, distDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(atPort), DIST_DIR: distDir },
    stdio: 'ignore',
  });
}

async function waitForServer(atPort: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${atPort}/robots.txt`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server on ${atPort} did not start`);
}

/** A copy of the trees whose landing pages carry no script, to see what scripts cost LCP. */
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
    writeFileSync(file, html);
  }
}

/** Lighthouse now and then fails a run (NO_NAVSTART, NO_LCP); such a run is repeated. */
async function audit(url: string, chromePort: number, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await auditOnce(url, chromePort);
      if (Number.isFinite(result.lcpMs)) return result;
      if (attempt >= attempts) return result;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
    console.warn(`retrying ${url} (attempt ${attempt} gave no result)`);
  }
}

async function auditOnce(url: string, chromePort: number) {
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
  const score = (id: string) => lhr.categories[id]?.score ?? 0;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  const lcpItems = (
    lhr.audits['largest-contentful-paint-element']?.details as
      { items?: Array<{ items?: Array<{ node?: { selector?: string } }> }> } | undefined
  )?.items;
  const lcpElement = lcpItems?.[0]?.items?.[0]?.node?.selector ?? 'unknown';
  return {
    lcpElement,
    scores: Object.fromEntries(categories.map((id) => [id, score(id)])) as Row['scores'],
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    failed,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(rows: Row[], misses: string[], notes: string[]): string {
  const lines = [
    '# Bench report',
    '',
    `Measured ${new Date().toISOString()} by \`npm run bench\` (Lighthouse ${lighthouseVersion()}, mobile preset with simulated throttling, Debian Chromium, local origin).`,
    '',
    '| brand | page | perf | a11y | best practices | SEO | LCP | CLS | TBT | JS (framework + own) | CSS | HTML |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.brand} | ${r.path} | ${r.scores.performance.toFixed(2)} | ${r.scores.accessibility.toFixed(2)} | ${r.scores['best-practices'].toFixed(2)} | ${r.scores.seo.toFixed(2)} | ${Math.round(r.lcpMs)} ms | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} ms | ${kb(r.sizes.js)} (${kb(r.sizes.frameworkJs)} + ${kb(r.sizes.ownJs)}) | ${kb(r.sizes.css)} | ${kb(r.sizes.html)} |`,
    ),
    '',
    'Sizes are gzip (level 9) of what the first view loads: the HTML (its inlined stylesheet included), the stylesheet alone, and the scripts the page starts after its first paint with their static imports. KB = 1024 bytes.',
    '',
    ...rows
      .filter((r) => r.path === '/')
      .map(
        (r) =>
          `- ${r.brand} landing page initial JS: ${r.sizes.js} bytes gzip (framework ${r.sizes.frameworkJs}, own code ${r.sizes.ownJs}).`,
      ),
    '',
    '## Scripts and LCP',
    '',
    '| brand | LCP with scripts | LCP without scripts | ratio (with / without) |',
    '|---|---|---|---|',
    ...rows
      .filter((r) => r.lcpRatio !== undefined)
      .map(
        (r) =>
          `| ${r.brand} | ${Math.round(r.lcpMs)} ms | ${Math.round(r.noScriptLcpMs ?? 0)} ms | ${r.lcpRatio?.toFixed(3)} |`,
      ),
    '',
    '## Goals',
    '',
    `performance ≥ ${goals.performance}; accessibility, best practices, SEO = 1.00; CLS < ${goals.cls}; LCP ratio ≤ ${goals.lcpRatio}; initial JS ≤ ${kb(goals.initialJsBytes)}.`,
    '',
    misses.length ? misses.map((m) => `- missed: ${m}`).join('\n') : 'All goals met.',
    '',
    ...(notes.length ? ['## Notes', '', ...notes.map((n) => `- ${n}`), ''] : []),
  ];
  return lines.join('\n');
}

function lighthouseVersion(): string {
  return (
    JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }
  ).version;
}

async function main(): Promise<void> {
  if (!process.env.BENCH_SKIP_BUILD) {
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  makeNoScriptTrees();
  const servers = [startServer(port, 'dist'), startServer(noScriptPort, noScriptDist)];
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumArgs.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
  });
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    await Promise.all([waitForServer(port), waitForServer(noScriptPort)]);
    for (const brand of brandIds) {
      for (const page of pages) {
        const url = origin(brand, port) + page.path;
        const result = await audit(url, chrome.port);
        const row: Row = {
          brand,
          path: page.path,
          scores: result.scores,
          lcpMs: result.lcpMs,
          lcpElement: result.lcpElement,
          cls: result.cls,
          tbtMs: result.tbtMs,
          sizes: firstViewSizes(join('dist', brand), page.file),
        };
        if (result.failed.length)
          notes.push(`${brand} ${page.path}: failed audits ${result.failed.join(', ')}`);
        if (page.path === '/') {
          const bare = await audit(origin(brand, noScriptPort) + page.path, chrome.port);
          row.noScriptLcpMs = bare.lcpMs;
          row.lcpRatio = result.lcpMs / bare.lcpMs;
        }
        rows.push(row);
        console.log(
          `${brand} ${page.path}: ${JSON.stringify(row.scores)} LCP ${Math.round(row.lcpMs)} ms (${row.lcpElement})${row.lcpRatio ? `, ratio ${row.lcpRatio.toFixed(3)}` : ''}`,
        );
      }
    }
  } finally {
    await chrome.kill();
    servers.forEach((server) => server.kill());
  }

  const misses: string[] = [];
  for (const r of rows) {
    const where = `${r.brand} ${r.path}`;
    for (const id of categories) {
      if (r.scores[id] < goals[id])
        misses.push(`${where} ${id} ${r.scores[id].toFixed(2)} < ${goals[id]}`);
    }
    if (r.cls >= goals.cls) misses.push(`${where} CLS ${r.cls.toFixed(3)}`);
    if (r.sizes.js > goals.initialJsBytes)
      misses.push(
        `${where} initial JS ${kb(r.sizes.js)} (framework ${kb(r.sizes.frameworkJs)}, own ${kb(r.sizes.ownJs)})`,
      );
    if (r.lcpRatio !== undefined && r.lcpRatio > goals.lcpRatio)
      misses.push(`${where} LCP ratio ${r.lcpRatio.toFixed(3)}`);
  }
  writeFileSync(
    'bench/report.json',
    JSON.stringify({ measuredAt: new Date().toISOString(), goals, rows, misses, notes }, null, 2) +
      '\n',
  );
  writeFileSync('bench/report.md', report(rows, misses, notes));
  console.log(`Wrote bench/report.md (${misses.length} goals missed)`);
}

await main();
