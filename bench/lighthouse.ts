/**
 * Lighthouse (mobile preset, simulated throttling) on every page of every brand, each landing
 * page also on its script-free copy, and the medians per page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { brandIds, localOrigin, type BrandId } from '../src/brand/brands';
import { pageTable } from '../src/content/pageTable';
import { categories, type Category, type PageRow } from './goals';
import { launchChrome } from './processes';
import { firstViewSizes } from './sizes';
import { summarize } from './stats';

const pages = pageTable.map((page) => ({ path: page.path, file: `${page.route}.html` }));

type Variant = 'app' | 'no-script';

export type LighthouseSample = {
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
    const chrome = await launchChrome();
    try {
      const sample = await auditOnce(url, chrome.port, at);
      if (Number.isFinite(sample.lcpMs) && Number.isFinite(sample.tbtMs)) return sample;
      lastError = 'no LCP or TBT in the result';
    } catch (error) {
      lastError = String(error).split('\n')[0] ?? 'unknown error';
    } finally {
      chrome.stop();
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
export async function measureLighthouse(
  runs: number,
  ports: Record<Variant, number>,
): Promise<LighthouseSample[]> {
  const samples: LighthouseSample[] = [];
  for (let run = 1; run <= runs; run += 1) {
    for (const brand of brandIds) {
      for (const page of pages) {
        const variants: [Variant, number][] = [['app', ports.app]];
        if (page.path === '/') variants.push(['no-script', ports['no-script']]);
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

export function pageRows(samples: LighthouseSample[]): PageRow[] {
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

export function lighthouseVersion(): string {
  return (
    JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }
  ).version;
}
