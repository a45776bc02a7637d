import type { BrandId } from '../src/brand/brands';

// The visitor's own time per tap and keystroke: the Keystroke-Level Model's pointing time (Card,
// Moran and Newell, CACM 23(7), 1980) and ~20 wpm on a soft keyboard (MacKenzie and Zhang, 2001).
export const visitorPace = { tapMs: 1_100, keystrokeMs: 600 };

// Keys: one per character or kana (flick input), one to commit the IME; a select is two taps.
export const finishScenarios = [
  {
    id: 'with-aids',
    label: 'with the form aids',
    description:
      'the site as it ships: フリガナ filled from the IME, the count of required fields left, the postal code in words',
  },
  {
    id: 'aids-held',
    label: "aids' code held back",
    description:
      "the same page with the aids' chunk (formAids) never answered: the form as it was before them, the visitor types the reading",
  },
] as const;

export type FinishScenarioId = (typeof finishScenarios)[number]['id'];

export type FinishRun = {
  brand: BrandId;
  scenario: FinishScenarioId;
  run: number;
  taps: number;
  keystrokes: number;
  /** From the simple form's submit to a usable dialog, and from its submit to completion. */
  waitedMs: number;
  seconds: number;
  /** Fields found already holding what the visitor would have typed. */
  foundFilled: string[];
  error?: string;
};
