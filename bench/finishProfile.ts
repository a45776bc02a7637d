/**
 * What the finish bench measures: a scripted visitor who finishes the estimate from simple form #1
 * on the tap bench's throttled phone (tapProfile.ts), with the form's aids and with their code held
 * back, counting the taps and keystrokes it needed and the seconds they took.
 */
import type { BrandId } from '../src/brand/brands';

/**
 * The visitor's pace, so that seconds can be given for the taps and keystrokes counted. The
 * bench measures the time the page made the visitor wait; the visitor's own time is this pace
 * times what was counted. Sources (recorded 2026-11-25):
 * - a tap on a control: the Keystroke-Level Model's pointing time, 1.1 s (Card, Moran and Newell,
 *   "The Keystroke-Level Model for User Performance Time with Interactive Systems", CACM 23(7),
 *   1980);
 * - a keystroke on a phone's on-screen keyboard: 0.6 s, from about 20 words a minute (5
 *   characters a word) on a soft QWERTY keyboard (MacKenzie and Zhang, "An empirical
 *   investigation of the novice experience with soft keyboards", Behaviour & Information
 *   Technology 20, 2001).
 */
export const visitorPace = { tapMs: 1_100, keystrokeMs: 600 };

/**
 * How keystrokes are counted, as on a phone's keyboard: one key per digit, letter or symbol, one
 * per kana typed (flick input gives one kana a key) and one to commit what the IME offers (the
 * candidate picked, or the kana as typed). Taps are on the page: a field to focus it, a select
 * and then its option (two), the consent box, a button.
 */
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
  /**
   * What the page made the visitor wait: from the simple form's submit to a usable dialog, and
   * from the dialog's submit to the completion screen.
   */
  waitedMs: number;
  /** waitedMs plus the visitor's pace for the taps and keystrokes counted. */
  seconds: number;
  /** Fields the visitor found already holding what they would have typed (not touched). */
  foundFilled: string[];
  error?: string;
};
