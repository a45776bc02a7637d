/** Median and range of repeated measurements: what the bench reports instead of a single run. */

export type Summary = {
  median: number;
  min: number;
  max: number;
  /** Measurements that gave a number (a failed run is left out, not counted as zero). */
  count: number;
  values: number[];
};

function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarize(values: readonly number[]): Summary {
  const finite = values.filter(Number.isFinite);
  return {
    median: median(finite),
    min: finite.length ? Math.min(...finite) : Number.NaN,
    max: finite.length ? Math.max(...finite) : Number.NaN,
    count: finite.length,
    values: [...values],
  };
}

/** "925 ms (880–1010)", or "n/a" when no run gave a number. */
export function formatSummary(s: Summary, format: (n: number) => string, unit = ''): string {
  if (!s.count) return 'n/a';
  const range = s.min === s.max ? '' : ` (${format(s.min)}–${format(s.max)})`;
  return `${format(s.median)}${unit}${range}`;
}

export const ms = (n: number) => String(Math.round(n));
export const fixed = (digits: number) => (n: number) => n.toFixed(digits);
export const score = fixed(2);

/** One of the staff's D1 queries (staffQueries.ts): its time over the runs and the rows it read. */
export type StaffQueryTiming = { name: string; ms: Summary; rowsRead: number };
