/**
 * How the browser benches run their scenarios: each `runs` times per brand, interleaved (run 1 of
 * each, then run 2, …) so a change in the machine's load touches every scenario alike, in one
 * Chromium. A run that throws is tried once more; a second failure is kept as the run's result.
 */
import { chromium, type Browser } from '@playwright/test';
import type { BrandId } from '../src/brand/brands';
import { chromiumArgs, chromiumPath } from '../e2e/browser';

/** Chromium for the bench's pages; the bench's own handlers end it (and the servers) on a signal. */
function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

type Keyed<S> = { brand: BrandId; scenario: S; run: number };

export async function runInterleaved<S extends string, R extends Keyed<S>>(options: {
  /** What the lines of the log start with ("tap", "finish"). */
  name: string;
  origins: Record<BrandId, string>;
  runs: number;
  scenarios: readonly { id: S }[];
  /** One run of `scenario` on `url` (the brand's landing page). */
  measure: (
    browser: Browser,
    url: string,
    scenario: S,
    run: number,
  ) => Promise<Omit<R, keyof Keyed<S>>>;
  /** The result of a run that failed twice, with the first line of its error. */
  failed: (error: string) => Omit<R, keyof Keyed<S>>;
  /** The log line's figures for a result. */
  describe: (result: R) => string;
  log: (line: string) => void;
}): Promise<R[]> {
  const { name, origins, runs, scenarios, measure, failed, describe, log } = options;
  const browser = await launchBenchChromium();
  const results: R[] = [];
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const [brand, origin] of Object.entries(origins) as [BrandId, string][]) {
        for (const { id: scenario } of scenarios) {
          const key = { brand, scenario, run };
          let result: R | undefined;
          for (let attempt = 1; attempt <= 2 && !result; attempt += 1) {
            try {
              result = { ...key, ...(await measure(browser, `${origin}/`, scenario, run)) } as R;
            } catch (error) {
              log(
                `${name} ${brand} ${scenario} run ${run}: attempt ${attempt} failed: ${String(error)}`,
              );
              if (attempt === 2) result = { ...key, ...failed(String(error).split('\n')[0]!) } as R;
            }
          }
          results.push(result!);
          log(`${name} ${brand} ${scenario} run ${run}: ${describe(result!)}`);
        }
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
