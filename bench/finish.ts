// A scripted visitor finishes the estimate from simple form #1, with and without the form's aids.
// It types a field only when it does not already hold the value: what the aids fill is saved.
import type { CDPSession, Locator, Page } from '@playwright/test';
import type { BrandId } from '../src/brand/brands';
import { estimateDialog, expiryYear, imeCompose, submitButton } from '../e2e/estimateForm';
import { requiredPaths } from '../src/estimate/contract/fieldTable';
import { typedCustomer, validFormValues } from '../tests/factories/estimate';
import { runInterleaved } from './interleaved';
import { loadStarted, tap, throttledPage, type Throttled } from './tap';
import { readTiming, resetMarks } from './tapProbe';
import {
  finishScenarios,
  visitorPace,
  type FinishRun,
  type FinishScenarioId,
} from './finishProfile';

/** A value as the visitor compares it with what a field holds: width, kana and hyphens aside. */
const comparable = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/[-\s]/g, '');

type Entry = { value: string; reading?: string };

class Visitor {
  taps = 0;
  keystrokes = 0;
  waitedMs = 0;
  readonly foundFilled: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
  ) {}

  async tap(target: Locator): Promise<void> {
    await tap(this.cdp, target);
    this.taps += 1;
  }

  async type(field: Locator, text: string): Promise<void> {
    await this.tap(field);
    await this.page.keyboard.type(text);
    this.keystrokes += text.length;
  }

  async compose(field: Locator, reading: string, text: string): Promise<void> {
    await this.tap(field);
    await imeCompose(this.page, this.cdp, reading, text);
    this.keystrokes += reading.length + 1;
  }

  async choose(select: Locator, value: string): Promise<void> {
    await select.scrollIntoViewIfNeeded();
    // The picker is the phone's own; what the page sees is the change it makes.
    await select.selectOption(value);
    this.taps += 2;
  }

  /** A field already holding what the visitor would enter is left alone (and noted). */
  async fill(container: Locator, paths: readonly string[], entries: Record<string, Entry>) {
    for (const path of paths) {
      const control = container.locator(`[name="${path}"]`);
      if (!(await control.count())) continue;
      const entry = entries[path];
      if (!entry) throw new Error(`the visitor has nothing to enter in ${path}`);
      const kind = await control.evaluate((el) =>
        el instanceof HTMLSelectElement ? 'select' : (el as HTMLInputElement).type,
      );
      if (kind === 'checkbox') {
        if (!(await control.isChecked())) await this.tap(control);
        continue;
      }
      const held = await control.inputValue();
      if (held && comparable(held) === comparable(entry.value)) {
        this.foundFilled.push(path);
        continue;
      }
      if (kind === 'select') {
        await this.choose(control, entry.value);
        continue;
      }
      if (held) {
        await control.fill('');
        this.keystrokes += 1;
      }
      if (entry.reading) await this.compose(control, entry.reading, entry.value);
      else await this.type(control, entry.value);
    }
  }

  /** Runs `until` and counts its time as the page's, not the visitor's. */
  async waitFor(until: () => Promise<unknown>): Promise<void> {
    const started = Date.now();
    await until();
    this.waitedMs += Date.now() - started;
  }
}

/** Unique per run: the server keeps one lead per content in its duplicate window. */
function visitorEntries(run: number): Record<string, Entry> {
  const vehicle = validFormValues().vehicle;
  const typed = typedCustomer();
  const tag = `${(Date.now() % 100_000).toString().padStart(5, '0')}${run % 10}`;
  return {
    'vehicle.expiryYear': { value: expiryYear },
    'vehicle.expiryMonth': { value: vehicle.expiryMonth },
    'vehicle.maker': { value: vehicle.maker },
    'vehicle.model': { value: vehicle.model },
    'vehicle.postalCode': { value: comparable(vehicle.postalCode) },
    'customer.lastName': { value: typed.lastName, reading: typed.lastNameKana },
    'customer.firstName': { value: typed.firstName, reading: typed.firstNameKana },
    'customer.lastNameKana': { value: typed.lastNameKana, reading: typed.lastNameKana },
    'customer.firstNameKana': { value: typed.firstNameKana, reading: typed.firstNameKana },
    // 0901 and 7 digits: a mobile number (0900 is not one, formParts.ts).
    'customer.phone': { value: `0901${tag}${run % 10}` },
    'customer.email': { value: `hanako${tag}@example.jp` },
    consent: { value: 'on' },
  };
}

async function finishOnce(
  { page, cdp }: Throttled,
  url: string,
  scenario: FinishScenarioId,
  run: number,
): Promise<Omit<FinishRun, 'brand' | 'scenario' | 'run'>> {
  // The aids are a chunk of their own (src/estimate/formAids.ts); held, they never arrive.
  if (scenario === 'aids-held') await page.route(/\/assets\/formAids-[^/]+\.js$/, () => {});
  await loadStarted(page, url);
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});

  const visitor = new Visitor(page, cdp);
  const entries = visitorEntries(run);
  const form = page.locator('#simple-form-1 form');
  await form.scrollIntoViewIfNeeded();
  await visitor.fill(form, requiredPaths, entries);
  await resetMarks(page);
  await visitor.tap(form.getByRole('button'));
  await visitor.waitFor(() => readTiming(page));

  const dialog = estimateDialog(page);
  await visitor.fill(dialog, requiredPaths, entries);
  await visitor.tap(submitButton(dialog));
  const done = dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' });
  const refused = dialog.getByRole('alert');
  await visitor.waitFor(() => done.or(refused).first().waitFor({ timeout: 60_000 }));
  if (!(await done.isVisible()))
    throw new Error(`the form refused the visitor's values: ${await refused.first().innerText()}`);

  const { taps, keystrokes, waitedMs, foundFilled } = visitor;
  return {
    taps,
    keystrokes,
    waitedMs,
    seconds: (waitedMs + taps * visitorPace.tapMs + keystrokes * visitorPace.keystrokeMs) / 1000,
    foundFilled,
  };
}

export function measureFinish(
  origins: Record<BrandId, string>,
  runs: number,
  log: (line: string) => void,
): Promise<FinishRun[]> {
  return runInterleaved<FinishScenarioId, FinishRun>({
    name: 'finish',
    origins,
    runs,
    scenarios: finishScenarios,
    measure: async (browser, url, scenario, run) => {
      const throttled = await throttledPage(browser);
      try {
        return await finishOnce(throttled, url, scenario, run);
      } finally {
        await throttled.context.close();
      }
    },
    failed: (error) => ({
      taps: Number.NaN,
      keystrokes: Number.NaN,
      waitedMs: Number.NaN,
      seconds: Number.NaN,
      foundFilled: [],
      error,
    }),
    describe: (r) =>
      `${r.taps} taps, ${r.keystrokes} keystrokes, ${r.seconds.toFixed(1)} s (waited ${r.waitedMs} ms; found filled: ${r.foundFilled.join(', ') || 'none'})`,
    log,
  });
}
