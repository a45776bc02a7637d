/**
 * The first-paint script: the one inline script at the end of every page's <body>
 * (prerender/firstPaint.ts builds it from src/firstPaint/entry.ts, minified, and inlines it;
 * the CSP allows it by its hash). It runs before any other script of the page, so it imports only
 * framework-free modules. Decision 003 (the loader) and 007 (the estimate dialog) explain it.
 */
import { startApp } from './appLoader';
import { installEstimateDialog } from './estimateDialog';

/** Runs the first-paint script; `script` is its own element (inputs in its data attributes). */
export function firstPaint(script: HTMLScriptElement): void {
  installEstimateDialog();
  startApp(script);
}
