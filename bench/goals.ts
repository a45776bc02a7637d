/** The bench's goals, the rows it summarises its runs into, and the goals each row missed. */
import type { BrandId } from '../src/brand/brands';
import type { FirstViewSizes } from './sizes';
import { ms, score, summarize, type StaffQueryTiming, type Summary } from './stats';
import { finishScenarios, type FinishRun, type FinishScenarioId } from './finishProfile';
import { tapScenarios, type TapRun, type TapScenarioId } from './tapProfile';
import type { WorkerFigures } from './workerSize';

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
export const tapGoalScenarios: readonly TapScenarioId[] = [
  'opener-held',
  'opener-idle',
  'simple-form-idle',
];

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
  /** Each run's own first open / repeat open: the spread the medians' ratio hides. */
  firstToRepeatPerRun: Summary;
  chunkBeforeTap: number;
  runs: number;
  /** When the app marked itself started, from the start of navigation. */
  hydratedAtMs: Summary;
};

/** One brand's visitors finishing the estimate in one scenario (finish.ts). */
export type FinishRow = {
  brand: BrandId;
  scenario: FinishScenarioId;
  taps: Summary;
  keystrokes: Summary;
  seconds: Summary;
  waitedMs: Summary;
  /** The fields the visitor found filled, in the first run that finished. */
  foundFilled: string[];
  runs: number;
};

export type Report = {
  measuredAt: string;
  durationMs: { total: number; lighthouse: number; taps: number; finish: number };
  runs: number;
  lighthouseVersion: string;
  chromiumVersion: string;
  machine: { cpus: number; loadAverage1m: Summary; benchmarkIndex: Summary; note?: string };
  goals: typeof goals;
  pages: PageRow[];
  taps: TapRow[];
  finish: FinishRow[];
  /** The staff's D1 queries on 100,000 leads (staffQueries.ts): information, no goal. */
  staffQueries: StaffQueryTiming[];
  worker?: WorkerFigures;
  formChunk: Partial<Record<BrandId, { js: number; files: string[] }>>;
  misses: string[];
  notes: string[];
  samples: { lighthouse: unknown[]; taps: TapRun[]; finish: FinishRun[] };
};

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const scenarioLabel = (id: TapScenarioId) =>
  tapScenarios.find((s) => s.id === id)?.label ?? id;
export const finishLabel = (id: FinishScenarioId) =>
  finishScenarios.find((s) => s.id === id)?.label ?? id;

/** The runs of each brand and scenario, in the order they first ran, with a summary picker. */
function byBrandAndScenario<R extends { brand: BrandId; scenario: string }>(samples: R[]) {
  const groups = new Map<string, R[]>();
  for (const sample of samples) {
    const key = `${sample.brand} ${sample.scenario}`;
    groups.set(key, [...(groups.get(key) ?? []), sample]);
  }
  return [...groups.values()].map((runs) => ({
    brand: runs[0]!.brand,
    scenario: runs[0]!.scenario as R['scenario'],
    runs,
    pick: (f: (r: R) => number) => summarize(runs.map(f)),
  }));
}

export function summarizeTaps(samples: TapRun[]): TapRow[] {
  return byBrandAndScenario(samples).map(({ brand, scenario, runs, pick }) => {
    const row: TapRow = {
      brand,
      scenario,
      first: { dialogMs: pick((r) => r.first.dialogMs), formMs: pick((r) => r.first.formMs) },
      repeat: { dialogMs: pick((r) => r.repeat.dialogMs), formMs: pick((r) => r.repeat.formMs) },
      firstToRepeat: Number.NaN,
      firstToRepeatPerRun: pick((r) => r.first.formMs / r.repeat.formMs),
      chunkBeforeTap: runs.filter((r) => r.first.chunkBeforeTap).length,
      runs: runs.length,
      hydratedAtMs: pick((r) => r.hydratedAtMs),
    };
    row.firstToRepeat = row.first.formMs.median / row.repeat.formMs.median;
    return row;
  });
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

export function summarizeFinish(samples: FinishRun[]): FinishRow[] {
  return byBrandAndScenario(samples).map(({ brand, scenario, runs, pick }) => ({
    brand,
    scenario,
    taps: pick((r) => r.taps),
    keystrokes: pick((r) => r.keystrokes),
    seconds: pick((r) => r.seconds),
    waitedMs: pick((r) => r.waitedMs),
    foundFilled: runs.find((r) => !r.error)?.foundFilled ?? [],
    runs: runs.length,
  }));
}

/**
 * Runs that did not finish, and a brand whose visitor needed no fewer keystrokes with the aids
 * than with their code held back (the aids no longer save anything).
 */
export function finishMisses(rows: FinishRow[]): string[] {
  const misses: string[] = [];
  for (const r of rows) {
    const failed = r.runs - r.seconds.count;
    if (failed)
      misses.push(
        `${r.brand} finish "${finishLabel(r.scenario)}": not finished in ${failed} of ${r.runs} runs`,
      );
  }
  for (const withAids of rows.filter((r) => r.scenario === 'with-aids')) {
    const held = rows.find((r) => r.brand === withAids.brand && r.scenario === 'aids-held');
    if (held && !(withAids.keystrokes.median < held.keystrokes.median))
      misses.push(
        `${withAids.brand} finish: ${withAids.keystrokes.median} keystrokes with the aids, not fewer than ${held.keystrokes.median} without`,
      );
  }
  return misses;
}
