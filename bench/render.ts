/** Renders the bench's results: bench/report.md, its summary first. */
import { brandIds, type BrandId } from '../src/brand/brands';
import { finishScenarios, visitorPace, type FinishScenarioId } from './finishProfile';
import {
  finishLabel,
  goals,
  kb,
  scenarioLabel,
  tapGoalScenarios,
  tapMisses,
  type PageRow,
  type Report,
} from './goals';
import { fixed, formatSummary, ms, score, type Summary } from './stats';
import { tapProfile, tapScenarios, type TapScenarioId } from './tapProfile';

const sMs = (s: Summary) => formatSummary(s, ms, ' ms');
const medianMs = (s: Summary) => (s.count ? `${ms(s.median)} ms` : 'n/a');
const minutes = (durationMs: number) => `${(durationMs / 60_000).toFixed(1)} min`;

function tapTable(report: Report): string[] {
  return [
    '| brand | tap | first open | repeat open | first / repeat | dialog shown, first / repeat (medians) | form code requested before the first tap | app started after |',
    '|---|---|---|---|---|---|---|---|',
    ...report.taps.map(
      (r) =>
        `| ${r.brand} | ${scenarioLabel(r.scenario)}${tapGoalScenarios.includes(r.scenario) ? '' : ' (no goal)'} | ${sMs(r.first.formMs)} | ${sMs(r.repeat.formMs)} | ${Number.isFinite(r.firstToRepeat) ? `${r.firstToRepeat.toFixed(2)}× (runs ${formatSummary(r.firstToRepeatPerRun, fixed(2), '×')})` : 'n/a'} | ${medianMs(r.first.dialogMs)} / ${medianMs(r.repeat.dialogMs)} | ${r.chunkBeforeTap} of ${r.runs} runs | ${sMs(r.hydratedAtMs)} |`,
    ),
  ];
}

const count = (s: Summary) => formatSummary(s, ms);
const seconds = (s: Summary) => formatSummary(s, fixed(1), ' s');

function finishTable(report: Report): string[] {
  return [
    '| brand | visitor | taps | keystrokes | seconds | of which the page made them wait | found filled in the dialog |',
    '|---|---|---|---|---|---|---|',
    ...report.finish.map(
      (r) =>
        `| ${r.brand} | ${finishLabel(r.scenario)} | ${count(r.taps)} | ${count(r.keystrokes)} | ${seconds(r.seconds)} | ${sMs(r.waitedMs)} | ${r.foundFilled.map((path) => `\`${path}\``).join(', ') || 'none'} |`,
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
    `Measured ${report.measuredAt} by \`npm run bench\` in ${minutes(report.durationMs.total)} (Lighthouse ${minutes(report.durationMs.lighthouse)}, taps ${minutes(report.durationMs.taps)}, finishing the estimate ${minutes(report.durationMs.finish)}). Every figure is the median of ${report.runs} runs, the range (lowest–highest) in brackets.`,
    '',
    `Machine: ${machine.cpus} CPU cores, 1-minute load average ${formatSummary(machine.loadAverage1m, fixed(1))} during the bench, Lighthouse benchmarkIndex ${formatSummary(machine.benchmarkIndex, ms)} (higher is faster)${machine.note ? `; ${machine.note}` : ''}. Absolute figures vary from machine to machine and with the load on it: compare within one report (the ratios below), not across machines.`,
    '',
    '## Summary',
    '',
    renderSummary(report, brandIds),
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
    `"First / repeat" is the first open's median over the repeat open's median, both from this report's runs; "runs" gives each run's own ratio (its median and range). The rows with the scripts held back run none of the site's code: their ratio is this machine's own noise (the browser's first-time work and the other processes on a shared CPU), the yardstick for the other rows' ratios. Read the figures with the load average above; the goal is judged on a quiet machine.`,
    '',
    '## Finishing the estimate',
    '',
    `A scripted visitor on the same phone profile, in a fresh browser context per run, starts at the landing page at rest, fills simple form #1, taps its submit, completes the dialog and taps 「この内容で見積もりを依頼する」 until 「お見積もり依頼を受け付けました」 shows. The visitor walks every required field in the field table's order and leaves alone a field that already holds what they would enter; names are typed in kana through the IME (CDP \`Input.imeSetComposition\`), digits and the mail address key by key, and every tap is a touch that must land on its target.`,
    '',
    ...finishScenarios.map((s) => `- ${s.label}: ${s.description}.`),
    `- Taps are on the page (a field, a select and its option, the consent box, a button); keystrokes are on the phone's keyboard: one a digit, letter or kana, one to commit what the IME offers.`,
    `- Seconds: what the page made the visitor wait (measured: simple form submit to a usable dialog, dialog submit to the completion screen) plus the visitor's pace for what was counted, ${visitorPace.tapMs / 1000} s a tap and ${visitorPace.keystrokeMs / 1000} s a keystroke (sources in \`bench/finishProfile.ts\`).`,
    '',
    ...finishTable(report),
    '',
    'Goal: every run finishes, and the visitor needs fewer keystrokes with the aids than with their code held back (medians).',
    '',
    '## Lighthouse',
    '',
    `Lighthouse ${report.lighthouseVersion}, mobile preset with simulated throttling (Slow 4G, 4× CPU), Debian Chromium, wrangler dev on this machine, a fresh Chrome per run. Runs are interleaved (every page once, then again).`,
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
    'The same landing page with every executable script and module preload removed (JSON data blocks stay), served by a second local server and audited right after each run of the page itself, so both see the same load. Ratio and difference are taken per pair of runs, then the median.',
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
    ...Object.entries(report.formChunk).map(
      ([brand, chunk]) =>
        `- ${brand} estimate form code with its aids: ${kb(chunk.js)} gzip, what it adds to the first view at most (${chunk.files.map((f) => f.replace('/assets/', '')).join(', ')}; some may have loaded in idle time already).`,
    ),
    '',
    ...(report.staffQueries.length
      ? [
          '## Staff queries (information)',
          '',
          'The inbox, its searches, the funnel and the Cron job on a year of one brand (100,000 leads in a local D1 on workerd, deploy/cloudflare/seedLeads.ts), each run 5 times; rows read as D1 counts them (index entries and rows). The query plans and a rows-read budget are held by tests/server/db/queryPlans.d1.test.ts.',
          '',
          '| query | time (ms) | rows read |',
          '| --- | --- | --- |',
          ...report.staffQueries.map(
            (q) =>
              `| ${q.name} | ${formatSummary(q.ms, ms)} | ${q.rowsRead.toLocaleString('en')} |`,
          ),
          '',
        ]
      : []),
    ...workerSection(report),
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

function workerSection({ worker }: Report): string[] {
  if (!worker) return [];
  return [
    "## The Worker's script (information)",
    '',
    `The ${worker.brand} Worker as \`wrangler deploy --dry-run\` bundles it for its local config: ${kb(worker.rawBytes)} raw, ${kb(worker.gzipBytes)} gzip (its budget: bench/budgets.json, checked by e2e/size-budget.spec.ts). Startup by \`wrangler check startup\`, the CPU profile's span (endTime − startTime) on this machine, over ${worker.startupMs.count} runs: ${sMs(worker.startupMs)}.`,
    '',
  ];
}

const range = (rows: PageRow[], pick: (r: PageRow) => Summary, format: (n: number) => string) => {
  const medians = rows.map((r) => pick(r).median).filter(Number.isFinite);
  if (!medians.length) return 'n/a';
  const [low, high] = [Math.min(...medians), Math.max(...medians)];
  return low === high ? format(low) : `${format(low)}–${format(high)}`;
};

/** The report's summary: each brand's medians, one row per figure, then the goals missed. */
function renderSummary(report: Report, brands: readonly BrandId[]): string {
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
  const finishCell = (brand: BrandId, scenario: FinishScenarioId) => {
    const f = report.finish.find((r) => r.brand === brand && r.scenario === scenario);
    if (!f?.seconds.count) return 'n/a';
    return `${ms(f.taps.median)} · ${ms(f.keystrokes.median)} · ${f.seconds.median.toFixed(1)} s`;
  };
  const rows: [string, (brand: BrandId) => string][] = [
    [
      'tap to a usable form, first / repeat open: 無料見積もり after reading',
      (b) => tapCell(b, 'opener-idle'),
    ],
    ['the same, simple form #1 submit after reading', (b) => tapCell(b, 'simple-form-idle')],
    ['the same, 無料見積もり at first paint, scripts held back', (b) => tapCell(b, 'opener-held')],
    [
      'to finish the estimate from simple form #1, taps · keystrokes · seconds: with the form aids → their code held back',
      (b) => `${finishCell(b, 'with-aids')} → ${finishCell(b, 'aids-held')}`,
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
      (b) =>
        cell(b, (rows) => {
          const l = landingOf(rows);
          return l ? kb(l.sizes.html) : 'n/a';
        }),
    ],
    [
      'estimate form code with its aids, idle or first interaction (gzip)',
      (b) => (report.formChunk[b] ? kb(report.formChunk[b].js) : 'n/a'),
    ],
  ];
  return [
    `| | ${brands.join(' | ')} |`,
    `|---|${brands.map(() => '---|').join('')}`,
    ...rows.map(([label, f]) => `| ${label} | ${brands.map(f).join(' | ')} |`),
    '',
    goalLine(report),
  ].join('\n');
}

/** One sentence on the goals: what was missed, grouped, or that all were met. */
function goalLine(report: Report): string {
  const tapGoal = `tap to a usable form (first open ≤ ${goals.firstTapMs} ms and ≤ ${goals.firstToRepeat}× a repeat open)`;
  const tapRows = report.taps.filter((t) => tapGoalScenarios.includes(t.scenario));
  const tapMissed = tapRows.filter((t) => tapMisses([t]).length > 0).length;
  const perfMissed = report.pages.filter(
    (r) => !(r.scores.performance.median >= goals.performance),
  );
  const parts = [
    tapRows.length
      ? `${tapGoal}: missed in ${tapMissed} of ${tapRows.length} brand × tap rows`
      : '',
    `Lighthouse performance ≥ ${goals.performance}: missed on ${perfMissed.length} of ${report.pages.length} pages`,
    `${report.misses.length} goals missed in all, listed under Goals below`,
  ].filter(Boolean);
  return report.misses.length ? `Goals: ${parts.join('; ')}.` : 'Every goal was met in this run.';
}
