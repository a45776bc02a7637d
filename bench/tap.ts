/**
 * Tap to a usable form, measured in the page itself on a throttled phone profile: from the
 * `click` event's timeStamp to the end of the first frame after a <dialog> in the page is open
 * with its 車種 input visible and enabled. Nothing in the app is patched: an init script listens
 * for the tap in capture phase and watches for an open dialog. Each run uses a fresh browser
 * context (empty cache), as a first-time visitor does.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type CDPSession, type Locator, type Page } from '@playwright/test';
import {
  screenEmulationMetrics,
  throttling,
  userAgents,
} from 'lighthouse/core/config/constants.js';
import type { BrandId } from '../src/brand/brands';
import { chromiumArgs, chromiumPath } from '../e2e/browser';
import { fillSimpleForm } from '../e2e/estimateForm';

/**
 * Lighthouse's "Slow 4G" (mobileSlow4G), applied the way DevTools applies it: 562.5 ms request
 * latency, 1.47 Mbps down, 675 kbps up, CPU 4x slower than this machine.
 */
export const tapProfile = {
  latencyMs: throttling.mobileSlow4G.requestLatencyMs,
  downloadKbps: throttling.mobileSlow4G.downloadThroughputKbps,
  uploadKbps: throttling.mobileSlow4G.uploadThroughputKbps,
  cpuSlowdown: throttling.mobileSlow4G.cpuSlowdownMultiplier,
  viewport: {
    width: screenEmulationMetrics.mobile.width,
    height: screenEmulationMetrics.mobile.height,
  },
  deviceScaleFactor: screenEmulationMetrics.mobile.deviceScaleFactor,
  userAgent: userAgents.mobile,
  /** How long a finger rests on the screen in a tap. */
  tapHoldMs: 60,
  /** A visitor reads this long after the page has settled before tapping. */
  readingMs: 3_000,
  /** Between closing the dialog and the repeat tap. */
  pauseBeforeRepeatMs: 1_500,
  /** A dialog that has not opened by then counts as not opened. */
  dialogTimeoutMs: 20_000,
};

export const tapScenarios = [
  {
    id: 'opener-idle',
    label: '無料見積もり (sticky footer), after reading',
    description:
      'the app has started and the page is idle; the visitor reads for a few seconds, then taps',
  },
  {
    id: 'opener-held',
    label: '無料見積もり (sticky footer), scripts held back',
    description:
      "tapped at first paint while the site's scripts are held back (never answered): only the HTML and its inline scripts",
  },
  {
    id: 'simple-form-idle',
    label: 'simple form #1 submit, after reading',
    description: 'valid values filled after the page is idle, then the submit button tapped',
  },
] as const;

export type TapScenarioId = (typeof tapScenarios)[number]['id'];

/** One tap: milliseconds from the click event to the end of the frame after the dialog opened. */
type TapTiming = {
  /** click.timeStamp → first frame after the dialog's `open`; NaN when it never opened. */
  dialogMs: number;
  /** click.timeStamp → first frame after an open dialog's 車種 input is visible and enabled. */
  formMs: number;
  /** pointerdown.timeStamp → the same frame as dialogMs (the whole tap, finger down included). */
  fromPointerDownMs: number;
  /** Whether the form's code had been requested before the tap (its resource timing entry). */
  chunkBeforeTap: boolean;
};

export type TapRun = {
  brand: BrandId;
  scenario: TapScenarioId;
  run: number;
  /** performance.now() when html[data-hydrated] appeared. */
  hydratedAtMs: number;
  first: TapTiming;
  repeat: TapTiming;
  error?: string;
};

type Marks = {
  pointerdown?: number;
  click?: number;
  dialog?: number;
  form?: number;
};

type Probe = { marks: Marks; hydratedAt?: number };

/**
 * Runs in the page before any of its scripts. Records the trusted pointerdown and click, and the
 * end of the first frame (rAF, then a task) after a dialog opens and after an open dialog holds
 * a form. Generic on purpose: it knows <dialog>, not the app's code.
 */
function installProbe(): void {
  const probe: Probe = { marks: {} };
  (window as unknown as { __benchProbe: Probe }).__benchProbe = probe;
  const afterNextFrame = (record: (at: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => record(performance.now());
      channel.port2.postMessage(null);
    });
  const pending = { dialog: false, form: false };
  const check = () => {
    if (probe.hydratedAt === undefined && document.documentElement?.dataset.hydrated === 'true')
      probe.hydratedAt = performance.now();
    const dialog = Array.from(document.querySelectorAll('dialog')).find((d) => d.open);
    if (!dialog) {
      pending.dialog = false;
      pending.form = false;
      return;
    }
    const marks = probe.marks;
    if (!pending.dialog && marks.dialog === undefined) {
      pending.dialog = true;
      afterNextFrame((at) => (marks.dialog = at));
    }
    const model = dialog.querySelector<HTMLInputElement>('[name="vehicle.model"]');
    const usable = model && !model.disabled && model.checkVisibility();
    if (!pending.form && marks.form === undefined && usable) {
      pending.form = true;
      afterNextFrame((at) => (marks.form = at));
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['open', 'data-hydrated'],
  });
  addEventListener(
    'pointerdown',
    (event) => {
      if (event.isTrusted && probe.marks.pointerdown === undefined)
        probe.marks.pointerdown = event.timeStamp;
    },
    true,
  );
  addEventListener(
    'click',
    (event) => {
      if (event.isTrusted && probe.marks.click === undefined) probe.marks.click = event.timeStamp;
    },
    true,
  );
}

async function resetMarks(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __benchProbe: Probe }).__benchProbe.marks = {};
  });
}

/** A tap as a finger gives it: touch down, rest, up (the browser makes the click). */
async function tap(cdp: CDPSession, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('tap target is not visible');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await sleep(tapProfile.tapHoldMs);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Waits for the frame after the dialog (and its form) opened, and reads the timing. */
async function readTiming(page: Page): Promise<TapTiming> {
  try {
    await page.waitForFunction(
      () => {
        const { marks } = (window as unknown as { __benchProbe: Probe }).__benchProbe;
        return marks.dialog !== undefined && marks.form !== undefined;
      },
      undefined,
      { timeout: tapProfile.dialogTimeoutMs, polling: 50 },
    );
  } catch {
    // Not opened in time: reported as such (NaN), the run goes on.
  }
  return page.evaluate(() => {
    const { marks } = (window as unknown as { __benchProbe: Probe }).__benchProbe;
    const click = marks.click ?? Number.NaN;
    const chunkBeforeTap = performance
      .getEntriesByType('resource')
      .some((entry) => /\/EstimateForm[-.][^/]*\.js/.test(entry.name) && entry.startTime < click);
    return {
      dialogMs: (marks.dialog ?? Number.NaN) - click,
      formMs: (marks.form ?? Number.NaN) - click,
      fromPointerDownMs: (marks.dialog ?? Number.NaN) - (marks.pointerdown ?? Number.NaN),
      chunkBeforeTap,
    };
  });
}

async function closeDialog(page: Page): Promise<void> {
  if (!(await page.locator('dialog[open]').count())) return;
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog[open]'), undefined, {
    timeout: 10_000,
    polling: 100,
  });
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
  await sleep(tapProfile.readingMs);
}

async function throttledPage(browser: Browser) {
  const context = await browser.newContext({
    viewport: tapProfile.viewport,
    deviceScaleFactor: tapProfile.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: tapProfile.userAgent,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  const page = await context.newPage();
  // tsx (esbuild, keepNames) wraps named functions in __name(), which the page does not have.
  await page.addInitScript({ content: `var __name = (f) => f; (${installProbe.toString()})();` });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // The tag manager cannot be reached from this machine; measure the site, not the timeout.
  await cdp.send('Network.setBlockedURLs', {
    urls: ['*googletagmanager.com*', '*google-analytics.com*'],
  });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: tapProfile.latencyMs,
    downloadThroughput: (tapProfile.downloadKbps * 1024) / 8,
    uploadThroughput: (tapProfile.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: tapProfile.cpuSlowdown });
  return { context, page, cdp };
}

const notMeasured: TapTiming = {
  dialogMs: Number.NaN,
  formMs: Number.NaN,
  fromPointerDownMs: Number.NaN,
  chunkBeforeTap: false,
};

async function runScenario(
  browser: Browser,
  url: string,
  scenario: TapScenarioId,
): Promise<Omit<TapRun, 'brand' | 'scenario' | 'run'>> {
  const { context, page, cdp } = await throttledPage(browser);
  try {
    if (scenario === 'opener-held') {
      // The site's scripts never arrive: only the HTML and its inline scripts run.
      await page.route(/\/assets\/[^/]+\.js$/, () => {});
      await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
      await page.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint').length > 0,
        undefined,
        { timeout: 60_000, polling: 'raf' },
      );
    } else {
      await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
      await page.waitForFunction(
        () => document.documentElement.dataset.hydrated === 'true',
        undefined,
        { timeout: 60_000, polling: 'raf' },
      );
    }
    const opener = page.locator('[data-section="tracking-footer"] button');
    const form = page.locator('#simple-form-1 form');
    const target = scenario === 'simple-form-idle' ? form.locator('[type="submit"]') : opener;

    if (scenario === 'simple-form-idle') {
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
      await form.scrollIntoViewIfNeeded();
      await fillSimpleForm(page, 1);
      await sleep(tapProfile.readingMs);
    } else if (scenario === 'opener-idle') {
      await settle(page);
    }
    await resetMarks(page);
    await tap(cdp, target);
    const first = await readTiming(page);

    await closeDialog(page);
    await sleep(tapProfile.pauseBeforeRepeatMs);
    await resetMarks(page);
    await tap(cdp, target);
    const repeat = await readTiming(page);

    const hydratedAtMs = await page.evaluate(
      () => (window as unknown as { __benchProbe: Probe }).__benchProbe.hydratedAt ?? Number.NaN,
    );
    return { hydratedAtMs, first, repeat };
  } finally {
    await context.close();
  }
}

/**
 * Every scenario `runs` times per brand, interleaved (run 1 of each, then run 2, …) so a change
 * in the machine's load touches every scenario alike. A run that throws is tried once more.
 */
export async function measureTaps(
  origins: Record<BrandId, string>,
  runs: number,
  log: (line: string) => void,
): Promise<TapRun[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    // The bench's own handlers end the browser (and the servers) on a signal.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const results: TapRun[] = [];
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const [brand, origin] of Object.entries(origins) as [BrandId, string][]) {
        for (const { id } of tapScenarios) {
          let result: TapRun | undefined;
          for (let attempt = 1; attempt <= 2 && !result; attempt += 1) {
            try {
              result = {
                brand,
                scenario: id,
                run,
                ...(await runScenario(browser, `${origin}/`, id)),
              };
            } catch (error) {
              log(`tap ${brand} ${id} run ${run}: attempt ${attempt} failed: ${String(error)}`);
              if (attempt === 2)
                result = {
                  brand,
                  scenario: id,
                  run,
                  hydratedAtMs: Number.NaN,
                  first: notMeasured,
                  repeat: notMeasured,
                  error: String(error).split('\n')[0],
                };
            }
          }
          results.push(result!);
          log(
            `tap ${brand} ${id} run ${run}: first ${Math.round(result!.first.dialogMs)} ms, repeat ${Math.round(result!.repeat.dialogMs)} ms (chunk before tap: ${result!.first.chunkBeforeTap})`,
          );
        }
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
