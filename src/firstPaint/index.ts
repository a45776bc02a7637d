// The inline script at the end of every page (decisions 003, 007). It runs before any other, so it
// imports only framework-free modules.
import { startApp } from './appLoader';
import { installEstimateDialog } from './estimateDialog';

export function firstPaint(script: HTMLScriptElement): void {
  installEstimateDialog();
  startApp(script);
}
