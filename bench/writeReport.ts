/**
 * The bench's report: the runs summarised against the goals, written to bench/report.json and
 * bench/report.md (nothing else: the README only points at the report).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { brandIds } from '../src/brand/brands';
import { chromiumPath } from '../e2e/browser';
import type { FinishRun } from './finishProfile';
import {
  finishMisses,
  goals,
  pageMisses,
  summarizeFinish,
  summarizeTaps,
  tapMisses,
  type Report,
} from './goals';
import { lighthouseVersion, pageRows, type LighthouseSample } from './lighthouse';
import { renderReport } from './render';
import { firstViewSizes, formCodeSizes } from './sizes';
import { summarize, type StaffQueryTiming } from './stats';
import type { TapRun } from './tapProfile';
import type { WorkerFigures } from './workerSize';

function chromiumVersion(): string {
  const out = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  return /(\d+\.\d+\.\d+\.\d+)/.exec(out)?.[1] ?? 'unknown';
}

/** Failed runs and failed audits, one line each. */
function runNotes(
  lighthouseSamples: LighthouseSample[],
  tapSamples: TapRun[],
  finishSamples: FinishRun[],
): string[] {
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
  for (const f of finishSamples) {
    if (f.error)
      notes.push(`finish ${f.brand} ${f.scenario} run ${f.run}: failed twice: ${f.error}`);
  }
  return notes;
}

export function assembleReport(input: {
  runs: number;
  durationMs: Report['durationMs'];
  load: number[];
  lighthouseSamples: LighthouseSample[];
  tapSamples: TapRun[];
  finishSamples: FinishRun[];
  staffQueries: StaffQueryTiming[];
  worker?: WorkerFigures | undefined;
}): Report {
  const { lighthouseSamples, tapSamples, finishSamples } = input;
  const pages = pageRows(lighthouseSamples);
  const taps = summarizeTaps(tapSamples);
  const finish = summarizeFinish(finishSamples);
  return {
    measuredAt: new Date().toISOString(),
    durationMs: input.durationMs,
    runs: input.runs,
    lighthouseVersion: lighthouseVersion(),
    chromiumVersion: chromiumVersion(),
    machine: {
      cpus: cpus().length,
      loadAverage1m: summarize(input.load),
      benchmarkIndex: summarize(lighthouseSamples.map((s) => s.benchmarkIndex)),
      ...(process.env.BENCH_NOTE ? { note: process.env.BENCH_NOTE } : {}),
    },
    goals,
    pages,
    taps,
    finish,
    staffQueries: input.staffQueries,
    ...(input.worker && { worker: input.worker }),
    formChunk: Object.fromEntries(
      brandIds.flatMap((brand) => {
        const tree = join('dist', brand);
        const { js, files } = formCodeSizes(tree, firstViewSizes(tree, 'index.html'));
        return files.length ? [[brand, { js, files }]] : [];
      }),
    ),
    misses: [...pageMisses(pages), ...tapMisses(taps), ...finishMisses(finish)],
    notes: runNotes(lighthouseSamples, tapSamples, finishSamples),
    samples: { lighthouse: lighthouseSamples, taps: tapSamples, finish: finishSamples },
  };
}

export function writeReport(report: Report): void {
  writeFileSync('bench/report.json', `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync('bench/report.md', renderReport(report));
}
