import {
  screenEmulationMetrics,
  throttling,
  userAgents,
} from 'lighthouse/core/config/constants.js';
import type { BrandId } from '../src/brand/brands';

/** Lighthouse's "Slow 4G" (mobileSlow4G), applied the way DevTools applies it. */
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
  tapHoldMs: 60,
  /** A visitor reads this long after the page has settled before tapping. */
  readingMs: 3_000,
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
export type TapTiming = {
  /** click.timeStamp → first frame after the dialog's `open`; NaN when it never opened. */
  dialogMs: number;
  /** click.timeStamp → first frame after an open dialog's 車種 input is visible and enabled. */
  formMs: number;
  /** pointerdown.timeStamp → the same frame as dialogMs (the whole tap, finger down included). */
  fromPointerDownMs: number;
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
