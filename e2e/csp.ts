// CSP violations as the page reports them: watched on every page's load (skeleton.spec.ts), in
// the dialog (security.spec.ts) and on each engine's landing page (smoke/smoke.spec.ts). The
// policy's text is unit-tested (tests/prerender/csp.test.ts), the served header against the built
// one on every engine (e2e/smoke/smoke.spec.ts).
import type { Page } from '@playwright/test';

/** Collects CSP violations the page reports (before any of its own scripts run). */
export async function watchCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}
