// The one way the e2e specs run axe: WCAG 2.1 A and AA, over every section as a visitor scrolling
// to it would see it.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// @axe-core/playwright types its page with its own playwright-core, @playwright/test with
// another version; the two Page types differ only in signatures axe never calls.
type AxePage = ConstructorParameters<typeof AxeBuilder>[0]['page'];

/** The axe violations of the page (or of `include`, a selector), in a form that reads well. */
export async function axeViolations(page: Page, include?: string) {
  // Sections out of view skip rendering (content-visibility: auto), and axe reads colours from
  // what is rendered (a known false contrast report: github.com/dequelabs/axe-core/issues/2768).
  // Render them all, so each is checked as it looks once scrolled to.
  // (Through the CSSOM: the site's CSP refuses an added <style>.)
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(element).contentVisibility === 'auto') {
        element.style.contentVisibility = 'visible';
      }
    }
  });
  let builder = new AxeBuilder({ page: page as unknown as AxePage }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
  ]);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
  }));
}
