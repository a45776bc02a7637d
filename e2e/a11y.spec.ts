// Accessibility of every page of both brands, in light and dark: axe (WCAG 2.1 A/AA) and a
// visible keyboard focus. Run: npx playwright test e2e/a11y.spec.ts (after `npm run build`).
import type { Page } from '@playwright/test';
import type { BrandId } from '../src/brand/brands';
import { axeViolations } from './axe';
import { brandList, expect, originFor, pagePaths, test, waitForApp } from './fixtures';

const themes = ['light', 'dark'] as const;
type ThemeName = (typeof themes)[number];

// The three text pages share one template; the privacy policy holds every element it renders
// (headings, paragraphs, lists, links; the longest of the three), so it stands for /legal and /term.
const paths = [
  ...pagePaths.filter((path) => path !== '/legal' && path !== '/term'),
  '/no-such-page',
] as const;

/** Opens `path` in `theme` (stored before the page loads, as a returning visitor has it). */
async function openPage(page: Page, brand: BrandId, path: string, theme: ThemeName) {
  await page.addInitScript((stored) => {
    try {
      localStorage.setItem('theme', stored);
    } catch {
      // Storage is always available here; the catch only mirrors the app's own guard.
    }
  }, theme);
  // Hours that include now, so the call-to-action is on the page and checked too.
  await page.route('**/shaken/column/wp-json/wp/business_time', (route) =>
    route.fulfill({ json: { start_time: '0:00', end_time: '23:59' } }),
  );
  await page.goto(originFor(brand) + path);
  await waitForApp(page);
  if (theme === 'dark') await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  else await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
}

for (const brand of brandList) {
  for (const theme of themes) {
    test.describe(`${brand.id}, ${theme} theme`, () => {
      for (const path of paths) {
        test(`axe finds no WCAG 2.1 AA violation on ${path}`, async ({ page }) => {
          await openPage(page, brand.id, path, theme);
          expect(await axeViolations(page)).toEqual([]);
        });
      }

      test.describe('at 375px', () => {
        test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

        test('axe finds no violation with the menu drawer open', async ({ page }) => {
          await openPage(page, brand.id, '/', theme);
          const button = page.getByRole('navigation', { name: 'メニュー' }).getByRole('button');
          await button.click();
          await expect(button).toHaveAttribute('aria-expanded', 'true');
          await expect(
            page.locator(`#${await button.getAttribute('aria-controls')}`),
          ).toBeVisible();
          expect(await axeViolations(page)).toEqual([]);
        });
      });

      test.describe('at 1280px', () => {
        test.use({ viewport: { width: 1280, height: 800 } });

        test('axe finds no violation with the estimate dialog open', async ({ page }) => {
          await openPage(page, brand.id, '/', theme);
          await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
          const dialog = page.getByRole('dialog');
          await expect(dialog.getByLabel('車種')).toBeVisible();
          // Wait out the opening transition so colours are measured at rest.
          await expect
            .poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity))
            .toBe('1');
          expect(await axeViolations(page)).toEqual([]);
        });

        test('every keyboard stop on the home page shows a visible focus ring', async ({
          page,
        }) => {
          await openPage(page, brand.id, '/', theme);
          const seen = new Set<string>();
          const problems: string[] = [];
          // Walk the Tab order until focus comes back round (or a generous cap).
          for (let step = 0; step < 200; step += 1) {
            await page.keyboard.press('Tab');
            const stop = await page.evaluate(() => {
              const element = document.activeElement;
              if (!element || element === document.body) return null;
              const path: string[] = [];
              for (let node: Element | null = element; node; node = node.parentElement) {
                const parent: Element | null = node.parentElement;
                path.unshift(
                  `${node.tagName}:${parent ? Array.prototype.indexOf.call(parent.children, node) : 0}`,
                );
              }
              const style = getComputedStyle(element);
              const outline =
                style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
                  ? style.outlineColor
                  : null;
              // The colour the outline is drawn against: the nearest opaque background.
              let background = 'rgb(255, 255, 255)';
              for (
                let node: Element | null = element.parentElement;
                node;
                node = node.parentElement
              ) {
                const color = getComputedStyle(node).backgroundColor;
                if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') {
                  background = color;
                  break;
                }
              }
              const rect = element.getBoundingClientRect();
              return {
                key: path.join('/'),
                label: `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 20)}"`,
                outline,
                background,
                visible: rect.width > 0 && rect.height > 0,
              };
            });
            if (!stop) continue;
            if (seen.has(stop.key)) break;
            seen.add(stop.key);
            if (!stop.visible) problems.push(`${stop.label}: focused but not visible`);
            else if (!stop.outline) problems.push(`${stop.label}: no focus outline`);
            else if (contrast(stop.outline, stop.background) < 3) {
              problems.push(`${stop.label}: outline ${stop.outline} on ${stop.background}`);
            }
          }
          expect(seen.size).toBeGreaterThan(10);
          expect(problems).toEqual([]);
        });
      });
    });
  }
}

/** WCAG contrast ratio of two CSS rgb()/rgba() colours (alpha ignored: both are opaque here). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, bl = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(bl);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
