/** Renders the bench's results: bench/report.md and the README's "Latest figures" block. */
import type { BrandId } from '../src/brand/brands';
import type { FirstViewSizes } from './sizes';
import { fixed, formatSummary, ms, summarize, type Summary } from './stats';
import { tapProfile, tapScenarios, type TapRun, type TapScenarioId } from './tap';

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof categories)[number];

export const goals = {
  performance: 0.98,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
  cls: 0.01,
  lcpRatio: 1.05,
  initialJsBytes: 110 * 1024,
  /** Tap to a usable form (the dialog open, 車種 visible and enabled), every open (median). */
  firstTapMs: 100,
  /** First open at most this many times a repeat open (medians). */
  firstToRepeat: 1.5,
};

/** The tap scenarios the tap goals apply to: all of them (every moment after first paint). */
const tapGoalScenarios: readonly TapScenarioId[] = ['opener-held', 'opener-idle', 'simple-form-idle'];

export type PageRow = {
  brand: BrandId;
  path: string;
  scores: Record<Category, Summary>;
  lcpMs: Summary;
  tbtMs: Summary;
  cls: Summary;
  lcpElement: string;
  sizes: FirstViewSizes;
  /** Landing pages: the script-free copy, audited right after each run of the page. */
  noScript?: {
    lcpMs: Summary;
    tbtMs: Summary;
    /** LCP with scripts / without, per pair of runs. */
    lcpRatio: Summary;
    /** TBT with scripts − without, per pair of runs. */
    tbtDiffMs: Summary;
  };
};

export type TapRow = {
  brand: BrandId;
  scenario: TapScenarioId;
  first: { dialogMs: Summary; formMs: Summary };
  repeat: { dialogMs: Summary; formMs: Summary };
  /** Median first open (dialog with its form) / median repeat open. */
  firstToRepeat: number;
  chunkBeforeTap: number;
  runs: number;
  /** When the app marked itself started, from the start of navigation. */
  hydratedAtMs: Summary;
};

export type Report = {
  measuredAt: string;
  durationMs: { total: number; lighthouse: number; taps: number };
  runs: number;
  lighthouseVersion: string;
  chromiumVersion: string;
  machine: { cpus: number; loadAverage1m: Summary; benchmarkIndex: Summary; note?: string };
  goals: typeof goals;
  pages: PageRow[];
  taps: TapRow[];
  modalChunk: Partial<Record<BrandId, { js: number; files: string[] }>>;
  misses: string[];
  notes: string[];
  samples: { lighthouse: unknown[]; taps: TapRun[] };
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const score = fixed(2);
const sMs = (s: Summary) => formatSummary(s, ms, ' ms');
const medianMs = (s: Summary) => (s.count ? `${ms(s.median)} ms` : 'n/a');
const minutes = (durationMs: number) => `${(durationMs / 60_000).toFixed(1)} min`;
const scenarioLabel = (id: TapScenarioId) => tapScenarios.find((s) => s.id === id)?.label ?? id;

export function summarizeTaps(samples: TapRun[]): TapRow[] {
  const rows: TapRow[] = [];
  const keys = new Set(samples.map((s) => `${s.brand} ${s.scenario}`));
  for (const key of keys) {
    const [brand, scenario] = key.split(' ') as [BrandId, TapScenarioId];
    const runs = samples.filter((s) => s.brand === brand && s.scenario === scenario);
    const pick = (f: (r: TapRun) => number) => summarize(runs.map(f));
    const row: TapRow = {
      brand,
      scenario,
      first: { dialogMs: pick((r) => r.first.dialogMs), formMs: pick((r) => r.first.formMs) },
      repeat: { dialogMs: pick((r) => r.repeat.dialogMs), formMs: pick((r) => r.repeat.formMs) },
      firstToRepeat: Number.NaN,
      chunkBeforeTap: runs.filter((r) => r.first.chunkBeforeTap).length,
      runs: runs.length,
      hydratedAtMs: summarize(runs.map((r) => r.hydratedAtMs)),
    };
    row.firstToRepeat = row.first.formMs.median / row.repeat.formMs.median;
    rows.push(row);
  }
  return rows;
}

export function tapMisses(rows: TapRow[]): string[] {
  const misses: string[] = [];
  for (const r of rows) {
    const where = `${r.brand} tap "${scenarioLabel(r.scenario)}"`;
    const failed = r.runs - Math.min(r.first.formMs.count, r.repeat.formMs.count);
    if (failed) misses.push(`${where}: no dialog with its form in ${failed} of ${r.runs} runs`);
    if (!tapGoalScenarios.includes(r.scenario)) continue;
    if (!(r.first.formMs.median <= goals.firstTapMs))
      misses.push(`${where}: first open ${ms(r.first.formMs.median)} ms > ${goals.firstTapMs} ms`);
    if (!(r.firstToRepeat <= goals.firstToRepeat))
      misses.push(
        `${where}: first open ${r.firstToRepeat.toFixed(2)}× the repeat open > ${goals.firstToRepeat}×`,
      );
  }
  return misses;
}

export function pageMisses(rows: PageRow[]): string[] {
  const misses: string[] = [];
  for (const r of rows) {
    const where = `${r.brand} ${r.path}`;
    for (const id of categories) {
      if (!(r.scores[id].median >= goals[id]))
        misses.push(`${where} ${id} median ${score(r.scores[id].median)} < ${goals[id]}`);
    }
    if (!(r.cls.median < goals.cls)) misses.push(`${where} CLS median ${r.cls.median.toFixed(3)}`);
    if (r.sizes.js > goals.initialJsBytes)
      misses.push(
        `${where} initial JS ${kb(r.sizes.js)} (framework ${kb(r.sizes.frameworkJs)}, own ${kb(r.sizes.ownJs)})`,
      );
    if (r.noScript && !(r.noScript.lcpRatio.median <= goals.lcpRatio))
      misses.push(`${where} LCP ratio median ${r.noScript.lcpRatio.median.toFixed(3)}`);
  }
  return misses;
}

function tapTable(report: Report): string[] {
  return [
    '| brand | tap | first open | repeat open | first / repeat | dialog shown, first / repeat (medians) | form code requested before the first tap | app started after |',
    '|---|---|---|---|---|---|---|---|',
    ...report.taps.map(
      (r) =>
        `| ${r.brand} | ${scenarioLabel(r.scenario)}${tapGoalScenarios.includes(r.scenario) ? '' : ' (no goal)'} | ${sMs(r.first.formMs)} | ${sMs(r.repeat.formMs)} | ${Number.isFinite(r.firstToRepeat) ? `${r.firstToRepeat.toFixed(2)}×` : 'n/a'} | ${medianMs(r.first.dialogMs)} / ${medianMs(r.repeat.dialogMs)} | ${r.chunkBeforeTap} of ${r.runs} runs | ${sMs(r.hydratedAtMs)} |`,
    ),
  ];
}

export function renderReport(report: Report): string {
  const { machine } = report;
  const landing = report.pages.filter((r) => r.noScript);
  const p = tapProfile;
  const lines = [
    '# Bench report',
    '',
    `Measured ${report.measuredAt} by \`npm run bench\` in ${minutes(report.durationMs.total)} (Lighthouse ${minutes(report.durationMs.lighthouse)}, taps ${minutes(report.durationMs.taps)}). Every figure is the median of ${report.runs} runs, the range (lowest–highest) in brackets.`,
    '',
    `Machine: ${machine.cpus} CPU cores, 1-minute load average ${formatSummary(machine.loadAverage1m, fixed(1))} during the bench, Lighthouse benchmarkIndex ${formatSummary(machine.benchmarkIndex, ms)} (higher is faster)${machine.note ? `; ${machine.note}` : ''}. Absolute figures vary from machine to machine and with the load on it: compare within one report (the ratios below), not across machines.`,
    '',
    '## Tap to a usable form',
    '',
    `Chromium ${report.chromiumVersion} on Lighthouse's phone profile: ${p.viewport.width}×${p.viewport.height} touch screen, Slow 4G as DevTools applies it (${p.latencyMs} ms latency, ${Math.round(p.downloadKbps)} kbps down, ${Math.round(p.uploadKbps)} kbps up) and the CPU ${p.cpuSlowdown}× slower (CDP \`Network.emulateNetworkConditions\`, \`Emulation.setCPUThrottlingRate\`). A fresh browser context per run and tap scenario, the landing page, a real touch (${p.tapHoldMs} ms on the screen).`,
    '',
    'Measured in the page by an init script (nothing in the app is patched): from the `click` event\'s `timeStamp` to the end of the first frame (requestAnimationFrame, then a task) after the page\'s `<dialog>` is open with its 車種 input visible and enabled (a usable form). "Dialog shown" stops at the first frame after the dialog opens, whatever it holds. The repeat open closes the dialog (Escape), waits 1.5 s and taps the same control again in the same page.',
    '',
    ...tapScenarios.map((s) => `- ${s.label}: ${s.description}.`),
    `- On a phone the header's 無料見積もり is hidden (it shows from 768 px); the sticky footer's 無料見積もり is the opener a phone visitor taps, and opens the same dialog.`,
    '',
    ...tapTable(report),
    '',
    `Goal (every moment): first open ≤ ${goals.firstTapMs} ms and ≤ ${goals.firstToRepeat}× a repeat open (medians).`,
    '',
    '## Lighthouse',
    '',
    `Lighthouse ${report.lighthouseVersion}, mobile preset with simulated throttling (Slow 4G, 4× CPU), Debian Chromium, local origin, a fresh Chrome per run. Runs are interleaved (every page once, then again).`,
    '',
    '| brand | page | perf | a11y | best practices | SEO | LCP | TBT | CLS | LCP element |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...report.pages.map(
      (r) =>
        `| ${r.brand} | ${r.path} | ${formatSummary(r.scores.performance, score)} | ${formatSummary(r.scores.accessibility, score)} | ${formatSummary(r.scores['best-practices'], score)} | ${formatSummary(r.scores.seo, score)} | ${sMs(r.lcpMs)} | ${sMs(r.tbtMs)} | ${formatSummary(r.cls, fixed(3))} | \`${r.lcpElement}\` |`,
    ),
    '',
    '### Landing page against its script-free copy',
    '',
    'The same landing page with every executable script and module preload removed (JSON data blocks stay), served by a second local origin and audited right after each run of the page itself, so both see the same load. Ratio and difference are taken per pair of runs, then the median.',
    '',
    '| brand | LCP with scripts | LCP without | LCP ratio (with / without) | TBT with scripts | TBT without | TBT difference (with − without) |',
    '|---|---|---|---|---|---|---|',
    ...landing.map(
      (r) =>
        `| ${r.brand} | ${sMs(r.lcpMs)} | ${sMs(r.noScript!.lcpMs)} | ${formatSummary(r.noScript!.lcpRatio, fixed(3))} | ${sMs(r.tbtMs)} | ${sMs(r.noScript!.tbtMs)} | ${sMs(r.noScript!.tbtDiffMs)} |`,
    ),
    '',
    '## Sizes',
    '',
    '| brand | page | JS (framework + own) | CSS | HTML |',
    '|---|---|---|---|---|',
    ...report.pages.map(
      (r) =>
        `| ${r.brand} | ${r.path} | ${kb(r.sizes.js)} (${kb(r.sizes.frameworkJs)} + ${kb(r.sizes.ownJs)}) | ${kb(r.sizes.css)} | ${kb(r.sizes.html)} |`,
    ),
    '',
    'Sizes are gzip (level 9) of what the first view loads: the HTML (its inlined stylesheet included), the stylesheet alone, and the scripts the page starts after its first paint with their static imports. KB = 1024 bytes.',
    '',
    ...Object.entries(report.modalChunk).map(
      ([brand, chunk]) =>
        `- ${brand} estimate modal: ${kb(chunk.js)} gzip, what its import adds to the first view at most (${chunk.files.map((f) => f.replace('/assets/', '')).join(', ')}; some may have loaded in idle time already).`,
    ),
    '',
    '## Goals',
    '',
    `performance ≥ ${goals.performance}; accessibility, best practices, SEO = 1.00; CLS < ${goals.cls}; LCP ratio ≤ ${goals.lcpRatio} (all medians); initial JS ≤ ${kb(goals.initialJsBytes)}; tap to dialog as above.`,
    '',
    report.misses.length ? report.misses.map((m) => `- missed: ${m}`).join('\n') : 'All goals met.',
    '',
    ...(report.notes.length ? ['## Notes', '', ...report.notes.map((n) => `- ${n}`), ''] : []),
  ];
  return lines.join('\n');
}

const range = (rows: PageRow[], pick: (r: PageRow) => Summary, format: (n: number) => string) => {
  const medians = rows.map((r) => pick(r).median).filter(Number.isFinite);
  if (!medians.length) return 'n/a';
  const [low, high] = [Math.min(...medians), Math.max(...medians)];
  return low === high ? format(low) : `${format(low)}–${format(high)}`;
};

/** The generated part of the README's "Latest figures": medians with their date. */
export function renderReadmeFigures(report: Report, brands: readonly BrandId[]): string {
  const date = report.measuredAt.slice(0, 10);
  const cell = (brand: BrandId, f: (rows: PageRow[]) => string) =>
    f(report.pages.filter((r) => r.brand === brand));
  const landingOf = (rows: PageRow[]) => rows.find((r) => r.noScript);
  const tap = (brand: BrandId, scenario: TapScenarioId) =>
    report.taps.find((t) => t.brand === brand && t.scenario === scenario);
  const tapCell = (brand: BrandId, scenario: TapScenarioId) => {
    const t = tap(brand, scenario);
    if (!t) return 'n/a';
    return `${ms(t.first.formMs.median)} ms / ${ms(t.repeat.formMs.median)} ms (${t.firstToRepeat.toFixed(1)}×)`;
  };
  const rows: [string, (brand: BrandId) => string][] = [
    [
      'tap to a usable form, first / repeat open: 無料見積もり after reading',
      (b) => tapCell(b, 'opener-idle'),
    ],
    ['the same, simple form #1 submit after reading', (b) => tapCell(b, 'simple-form-idle')],
    [
      'the same, 無料見積もり at first paint, scripts held back',
      (b) => tapCell(b, 'opener-held'),
    ],
    [
      'Lighthouse performance, landing · text pages',
      (b) =>
        cell(b, (rows) => {
          const l = landingOf(rows);
          const text = rows.filter((r) => !r.noScript);
          return `${l ? score(l.scores.performance.median) : 'n/a'} · ${range(text, (r) => r.scores.performance, score)}`;
        }),
    ],
    [
      'a11y / best practices / SEO, every page',
      (b) =>
        cell(b, (rows) =>
          (['accessibility', 'best-practices', 'seo'] as const)
            .map((id) => range(rows, (r) => r.scores[id], score))
            .join(' / '),
        ),
    ],
    [
      'landing LCP · TBT · CLS',
      (b) =>
        cell(b, (rows) => {
          const l = landingOf(rows);
          return l
            ? `${ms(l.lcpMs.median)} ms · ${ms(l.tbtMs.median)} ms · ${l.cls.median.toFixed(3)}`
            : 'n/a';
        }),
    ],
    [
      'landing against its script-free copy: LCP ratio · TBT difference',
      (b) =>
        cell(b, (rows) => {
          const l = landingOf(rows);
          return l?.noScript
            ? `${l.noScript.lcpRatio.median.toFixed(3)} · ${ms(l.noScript.tbtDiffMs.median)} ms`
            : 'n/a';
        }),
    ],
    [
      'initial JS, landing · text pages (gzip)',
      (b) =>
        cell(b, (rows) => {
          const l = landingOf(rows);
          const text = rows.find((r) => !r.noScript);
          return `${l ? kb(l.sizes.js) : 'n/a'} · ${text ? kb(text.sizes.js) : 'n/a'}`;
        }),
    ],
    [
      'landing HTML with the estimate form, CSS inlined (gzip)',
      (b) => cell(b, (rows) => {
        const l = landingOf(rows);
        return l ? kb(l.sizes.html) : 'n/a';
      }),
    ],
    ['estimate form code, idle or first interaction (gzip)', (b) => (report.modalChunk[b] ? kb(report.modalChunk[b].js) : 'n/a')],
  ];
  return [
    `Medians of ${report.runs} runs of \`npm run bench\` on ${date} (range and every run in \`bench/report.md\` and \`bench/report.json\`), on a ${report.machine.cpus}-core machine with a 1-minute load average of ${formatSummary(report.machine.loadAverage1m, fixed(1))} during the bench (Lighthouse benchmarkIndex ${ms(report.machine.benchmarkIndex.median)}). The bench took ${minutes(report.durationMs.total)}.`,
    '',
    `| | ${brands.join(' | ')} |`,
    `|---|${brands.map(() => '---|').join('')}`,
    ...rows.map(([label, f]) => `| ${label} | ${brands.map(f).join(' | ')} |`),
    '',
    goalLine(report),
  ].join('\n');
}

/** One sentence on the goals for the README: what was missed, grouped, or that all were met. */
function goalLine(report: Report): string {
  const tapGoal = `tap to a usable form (first open ≤ ${goals.firstTapMs} ms and ≤ ${goals.firstToRepeat}× a repeat open)`;
  const tapRows = report.taps.filter((t) => tapGoalScenarios.includes(t.scenario));
  const tapMissed = tapRows.filter((t) => tapMisses([t]).length > 0).length;
  const perfMissed = report.pages.filter((r) => !(r.scores.performance.median >= goals.performance));
  const parts = [
    tapRows.length ? `${tapGoal}: missed in ${tapMissed} of ${tapRows.length} brand × tap rows` : '',
    `Lighthouse performance ≥ ${goals.performance}: missed on ${perfMissed.length} of ${report.pages.length} pages`,
    `${report.misses.length} goals missed in all, listed in \`bench/report.md\``,
  ].filter(Boolean);
  return report.misses.length ? `Goals: ${parts.join('; ')}.` : 'Every goal was met in this run.';
}
