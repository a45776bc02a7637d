/**
 * Tap to a usable form, measured in the page itself on a throttled phone profile: from the
 * `click` event's timeStamp to the end of the first frame after a <dialog> in the page is open
 * with its 車種 input visible and enabled. Nothing in the app is patched: an init script listens
 * for the tap in capture phase and watches for an open dialog. Each run uses a fresh browser
 * context (empty cache), as a first-time visitor does.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Locator,
  type Page,
} from '@playwright/test';
import type { BrandId } from '../src/brand/brands';
import { coveringAt } from '../e2e/covering';
import { fillSimpleForm } from '../e2e/estimateForm';
import { hydratedAt, installProbe, notMeasured, readTiming, resetMarks } from './tapProbe';
import { runInterleaved } from './interleaved';
import { tapProfile, tapScenarios, type TapRun, type TapScenarioId } from './tapProfile';

/** A tap as a finger gives it: touch down, rest, up (the browser makes the click). */
export async function tap(cdp: CDPSession, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('tap target is not visible');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // A finger lands on what is on top: a target under another element (a sticky bar) is missed.
  const covering = await target.evaluate(coveringAt, point);
  if (covering) throw new Error(`the tap would land on ${covering}, not on its target`);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await sleep(tapProfile.tapHoldMs);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
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

export type Throttled = { context: BrowserContext; page: Page; cdp: CDPSession };

/** A fresh context (empty cache) on the phone profile, the tag manager blocked. */
export async function throttledPage(browser: Browser): Promise<Throttled> {
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

/** Opens `url` and waits, frame by frame, until the app has marked itself started (hydrated). */
export async function loadStarted(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrated === 'true',
    undefined,
    { timeout: 60_000, polling: 'raf' },
  );
}

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
      await loadStarted(page, url);
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

    const hydratedAtMs = await hydratedAt(page);
    return { hydratedAtMs, first, repeat };
  } finally {
    await context.close();
  }
}

/** Every scenario `runs` times per brand, interleaved (interleaved.ts). */
export function measureTaps(
  origins: Record<BrandId, string>,
  runs: number,
  log: (line: string) => void,
): Promise<TapRun[]> {
  return runInterleaved<TapScenarioId, TapRun>({
    name: 'tap',
    origins,
    runs,
    scenarios: tapScenarios,
    measure: (browser, url, scenario) => runScenario(browser, url, scenario),
    failed: (error) => ({
      hydratedAtMs: Number.NaN,
      first: notMeasured,
      repeat: notMeasured,
      error,
    }),
    describe: (r) =>
      `first ${Math.round(r.first.dialogMs)} ms, repeat ${Math.round(r.repeat.dialogMs)} ms (chunk before tap: ${r.first.chunkBeforeTap})`,
    log,
  });
}
