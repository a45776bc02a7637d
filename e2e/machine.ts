// How many tests run at once and how long each may wait, from the machine the suite runs on: the
// cores it may use (os.availableParallelism, which taskset narrows) and how fast it runs a fixed
// piece of JavaScript now (a slower CPU, or one shared with other jobs, gets longer timeouts).
// Measured once, in the runner: its workers inherit E2E_TIME_SCALE, which also overrides it.
import { availableParallelism } from 'node:os';

/** About 80 ms on the reference machine (2 cores, idle): JSON, sorting, regular expressions. */
function calibrationWork(): number {
  const rows = Array.from({ length: 20_000 }, (_, i) => ({
    id: i,
    name: `車検-${(i * 7919) % 10_007}`,
    value: Math.sin(i),
  }));
  const text = JSON.stringify(rows);
  const back = JSON.parse(text) as typeof rows;
  back.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return text.replace(/\d+/g, (digits) => String(digits.length)).length + back.length;
}

const referenceMs = 80;

/** The median of 7 runs after one warm-up, so one stall of the machine does not decide it. */
function calibrationMs(): number {
  calibrationWork();
  const times = Array.from({ length: 7 }, () => {
    const start = performance.now();
    calibrationWork();
    return performance.now() - start;
  }).sort((a, b) => a - b);
  return times[3]!;
}

/**
 * Two workers per core: a browser test mostly waits (page loads, animations, polls), so one per
 * core left the cores two-thirds idle. At most 8: one server (workerd) answers them all.
 */
const cores = availableParallelism();
export const workers = Math.min(8, 2 * cores);

function measuredScale(): number {
  const slower = Math.min(4, Math.max(1, calibrationMs() / referenceMs));
  // The server and the runner share the cores with the workers' browsers: on fewer cores
  // their share weighs more than on the reference machine (4 workers and 2 of them on 2 cores).
  const contention = Math.max(1, (workers + 2) / cores / ((4 + 2) / 2));
  return Math.round(slower * contention * 100) / 100;
}

/** The factor every timeout of the suite is multiplied by (1 on the idle reference machine). */
const timeScale = Number(process.env.E2E_TIME_SCALE) || measuredScale();
process.env.E2E_TIME_SCALE = String(timeScale);

/** `ms` on the reference machine, on this one. */
export function scaled(ms: number): number {
  return Math.round(ms * timeScale);
}
