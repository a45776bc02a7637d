/**
 * The tap bench's measurement inside the page: an init script that records the trusted tap and
 * the frames after a <dialog> opens and after its form is usable, and the reading of those marks.
 */
import type { Page } from '@playwright/test';
import { tapProfile, type TapTiming } from './tapProfile';

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
export function installProbe(): void {
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

export async function resetMarks(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __benchProbe: Probe }).__benchProbe.marks = {};
  });
}

/** Waits for the frame after the dialog (and its form) opened, and reads the timing. */
export async function readTiming(page: Page): Promise<TapTiming> {
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

/** The hydration mark the probe recorded, NaN when the app never marked itself started. */
export function hydratedAt(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { __benchProbe: Probe }).__benchProbe.hydratedAt ?? Number.NaN,
  );
}

export const notMeasured: TapTiming = {
  dialogMs: Number.NaN,
  formMs: Number.NaN,
  fromPointerDownMs: Number.NaN,
  chunkBeforeTap: false,
};
