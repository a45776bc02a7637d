// The landing page in a real browser: section order, menus, tabs, FAQ without JavaScript, theme,
// the sticky call bar (every page's phone numbers: where it hydrates, in skeleton.spec.ts).
// Run: npx playwright test e2e/landing.spec.ts (after `npm run build`).
import type { Page } from '@playwright/test';
import { telHref } from '../src/brand/brands';
import { bodySections, brandList, expect, originFor, test, waitForApp } from './fixtures';

const businessTimePattern = '**/shaken/column/wp-json/wp/business_time';

/** Answers the business-hours endpoint with hours that include any time of day. */
async function openAllDay(page: Page): Promise<void> {
  await page.route(businessTimePattern, (route) =>
    route.fulfill({ json: { start_time: '0:00', end_time: '23:59' } }),
  );
}

/** The landing page's sections as the spec groups them: before, inside and after the body. */
async function sectionLayout(page: Page) {
  return page.evaluate(() => {
    const names = (elements: Element[]) =>
      elements.map((element) => element.getAttribute('data-section') ?? `<${element.tagName}>`);
    const mainVisual = document.querySelector('[data-section="main-visual"]');
    const body = mainVisual?.nextElementSibling;
    const parent = mainVisual?.parentElement;
    if (!mainVisual || !body || !parent) return null;
    const siblings = Array.from(parent.children);
    const bodyIndex = siblings.indexOf(body);
    return {
      before: names(siblings.slice(0, bodyIndex)),
      body: names(Array.from(body.children)),
      after: names(siblings.slice(bodyIndex + 1)),
      footerVariant: body.querySelector('[data-section="footer"]')?.getAttribute('data-variant'),
    };
  });
}

/** Distance from the bottom of the sticky header to the top of `selector`, in CSS pixels. */
async function offsetBelowHeader(page: Page, selector: string): Promise<number> {
  return page.evaluate((target) => {
    const header = document.querySelector('header')!.getBoundingClientRect();
    return document.querySelector(target)!.getBoundingClientRect().top - header.bottom;
  }, selector);
}

for (const brand of brandList) {
  test.describe(`${brand.id} landing page`, () => {
    test.describe('at 1280px', () => {
      // Instant scrolling (the reduced-motion path) keeps these runs short; anchors are the same.
      test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

      test('each menu link brings its section just below the header, without a reload', async ({
        page,
      }) => {
        await page.goto(originFor(brand.id) + '/');
        await waitForApp(page);
        await page.evaluate(() => ((window as { marker?: boolean }).marker = true));
        const nav = page.getByRole('navigation', { name: 'メニュー' });
        await expect(nav.getByRole('button')).toBeHidden();
        const links = nav.getByRole('link');
        await expect(links).toHaveText(brand.menu.map((item) => item.label));
        // Start from the bottom so that every link, TOP included, has to scroll.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        for (const item of brand.menu) {
          await nav.getByRole('link', { name: item.label, exact: true }).click();
          await expect(page).toHaveURL(`${originFor(brand.id)}/#${item.target}`);
          const target = `#${item.target}`;
          await expect(page.locator(target)).toBeInViewport();
          // Not hidden under the sticky header, and the section's top is what shows.
          await expect.poll(() => offsetBelowHeader(page, target)).toBeGreaterThanOrEqual(-1);
          await expect.poll(() => offsetBelowHeader(page, target)).toBeLessThan(24);
        }
        expect(await page.evaluate(() => (window as { marker?: boolean }).marker)).toBe(true);
      });

      test('cost tabs work by keyboard, with one tab always selected', async ({ page }) => {
        await page.goto(originFor(brand.id) + '/');
        await waitForApp(page);
        const section = page.locator('[data-section="example"]');
        const tabs = section.getByRole('tab');
        const count = await tabs.count();
        expect(count).toBeGreaterThan(2);

        async function expectSelected(index: number) {
          await expect(section.getByRole('tab', { selected: true })).toHaveCount(1);
          const tab = tabs.nth(index);
          await expect(tab).toHaveAttribute('aria-selected', 'true');
          await expect(tab).toBeFocused();
          await expect(tab).toHaveAttribute('tabindex', '0');
          const panel = page.locator(`#${await tab.getAttribute('aria-controls')}`);
          await expect(panel).toBeVisible();
          await expect(panel).toContainText((await tab.textContent()) ?? '');
          await expect(section.getByRole('tabpanel')).toHaveCount(1);
        }

        // Tab into the tablist: focus lands on the selected tab only.
        await section.getByRole('heading', { level: 2 }).evaluate((heading) => {
          heading.setAttribute('tabindex', '-1');
          (heading as HTMLElement).focus();
        });
        await page.keyboard.press('Tab');
        await expectSelected(0);
        await page.keyboard.press('ArrowRight');
        await expectSelected(1);
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        await expectSelected(count - 1);
        await page.keyboard.press('ArrowRight');
        await expectSelected(0);
        await page.keyboard.press('End');
        await expectSelected(count - 1);
        await page.keyboard.press('Home');
        await expectSelected(0);
        // Enter or Space on the selected tab keeps it selected (selection is mandatory).
        await page.keyboard.press('Space');
        await expectSelected(0);
        // The next Tab stop is the panel, not the other tabs.
        await page.keyboard.press('Tab');
        await expect(section.getByRole('tabpanel')).toBeFocused();
      });
    });

    test('the header holds on one line from phone to desktop widths', async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 700 });
      await page.goto(originFor(brand.id) + '/');
      await waitForApp(page);
      const header = page.getByRole('banner');
      const headerHeight = await header.evaluate(
        (element) => element.getBoundingClientRect().height,
      );
      for (const width of [320, 375, 768, 900, 1023, 1024, 1280]) {
        await page.setViewportSize({ width, height: 700 });
        const fit = await header.evaluate((element) => {
          const inner = element.firstElementChild as HTMLElement;
          // A visible text in the header that wraps onto a second line, or overflows its box.
          const wrapped = (text: Text) => {
            const range = document.createRange();
            range.selectNodeContents(text);
            const tops = new Set(
              Array.from(range.getClientRects(), (rect) => Math.round(rect.top)),
            );
            return tops.size > 1;
          };
          const overflowing = Array.from(inner.querySelectorAll<HTMLElement>('a, button'))
            .filter((child) => child.getClientRects().length > 0)
            .filter((child) => {
              const walker = document.createTreeWalker(child, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                if (wrapped(node as Text)) return true;
              }
              return child.scrollWidth > child.clientWidth + 1;
            })
            .map((child) => child.textContent);
          return {
            height: element.getBoundingClientRect().height,
            innerOverflow: inner.scrollWidth - inner.clientWidth,
            overflowing,
            pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
          };
        });
        expect(fit, `at ${width}px`).toEqual({
          height: headerHeight,
          innerOverflow: 0,
          overflowing: [],
          pageOverflow: 0,
        });
      }
    });

    test.describe('at 375px', () => {
      test.use({
        viewport: { width: 375, height: 740 },
        hasTouch: true,
        isMobile: true,
        reducedMotion: 'reduce',
      });

      test('the menu is a drawer that works by keyboard and reaches its sections', async ({
        page,
      }) => {
        await page.goto(originFor(brand.id) + '/');
        await waitForApp(page);
        const nav = page.getByRole('navigation', { name: 'メニュー' });
        // The button's visible label reads 閉じる while open; aria-expanded carries the state.
        const button = nav.getByRole('button');
        const links = nav.getByRole('link');
        const items = brand.menu;
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await expect(links.first()).toBeHidden();

        // Open by keyboard: focus moves into the drawer.
        await button.focus();
        await page.keyboard.press('Enter');
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        const drawer = page.locator(`#${await button.getAttribute('aria-controls')}`);
        await expect(drawer).toBeVisible();
        await expect(links).toHaveText(items.map((item) => item.label));
        for (const link of await links.all()) await expect(link).toBeInViewport();
        await expect(links.first()).toBeFocused();

        // Escape closes it and gives focus back to the button.
        await page.keyboard.press('Escape');
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await expect(drawer).toBeHidden();
        await expect(button).toBeFocused();

        // Space opens it again; Tab walks the links; tabbing past the last closes it.
        await page.keyboard.press('Space');
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        for (let index = 1; index < items.length; index += 1) {
          await page.keyboard.press('Tab');
          await expect(links.nth(index)).toBeFocused();
        }
        await page.keyboard.press('Tab');
        await expect(button).toHaveAttribute('aria-expanded', 'false');

        // Each link, opened from the drawer, closes it and shows its section.
        for (const item of items) {
          await button.click();
          await expect(button).toHaveAttribute('aria-expanded', 'true');
          await nav.getByRole('link', { name: item.label, exact: true }).click();
          await expect(button).toHaveAttribute('aria-expanded', 'false');
          await expect(page).toHaveURL(`${originFor(brand.id)}/#${item.target}`);
          await expect(page.locator(`#${item.target}`)).toBeInViewport();
          await expect
            .poll(() => offsetBelowHeader(page, `#${item.target}`))
            .toBeGreaterThanOrEqual(-1);
        }
      });

      test('a price is in the first view and its link lands on the cost table', async ({
        page,
      }) => {
        await page.goto(originFor(brand.id) + '/');
        const price = page.locator('[data-section="main-visual"] strong', { hasText: /円〜$/u });
        await expect(price).toBeInViewport({ ratio: 1 });
        await waitForApp(page);
        await page.getByRole('link', { name: '車種別の料金を見る' }).click();
        await expect(page.locator('[data-section="example"] [role="tablist"]')).toBeInViewport();
      });

      test('a call is one tap away within the hours: the sticky bar shows a tel: link on arrival', async ({
        page,
      }) => {
        // After hours it says when the phone rings instead (visitor-state.spec.ts).
        await openAllDay(page);
        await page.goto(originFor(brand.id) + '/');
        await waitForApp(page);
        const call = page.locator('[data-section="tracking-footer"] a[href^="tel:"]');
        await expect(call).toBeInViewport({ ratio: 1 });
        await expect(call).toHaveAttribute('href', telHref(brand.phone));
        const box = await call.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        expect(box?.width).toBeGreaterThanOrEqual(44);
        // Still in reach deep down the page.
        await page.locator('[data-section="question"]').scrollIntoViewIfNeeded();
        await expect(call).toBeInViewport({ ratio: 1 });

        // The tap dials (the app does not swallow it) and is reported to the tag manager.
        await page.evaluate(() => {
          window.addEventListener('click', (event) => {
            if ((event.target as Element).closest('a[href^="tel:"]')) {
              document.documentElement.dataset.telDefaultPrevented = String(event.defaultPrevented);
              event.preventDefault();
            }
          });
        });
        await call.tap();
        await expect(page.locator('html')).toHaveAttribute('data-tel-default-prevented', 'false');
        const events = await page.evaluate(() =>
          ((window as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter(
            (entry) => entry.event === 'phone_click',
          ),
        );
        expect(events).toEqual([
          expect.objectContaining({ brand: brand.id, entry_point: 'tracking-footer' }),
        ]);
      });
    });

    test('the FAQ opens and closes with JavaScript disabled', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ja-JP' });
      try {
        const page = await context.newPage();
        await page.goto(originFor(brand.id) + '/');
        // No script ran: the prerendered HTML alone.
        expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
        const faq = page.locator('[data-section="question"]');
        const items = faq.locator('details');
        expect(await items.count()).toBeGreaterThan(2);
        for (const item of await items.all()) {
          const summary = item.locator('summary');
          const answer = item.locator(':scope > :not(summary)');
          await expect(answer).toBeHidden();
          await summary.click();
          await expect(answer).toBeVisible();
          await expect(item).toHaveAttribute('open', '');
        }
        // Keyboard too: Enter on a focused question closes it again.
        await items.first().locator('summary').focus();
        await page.keyboard.press('Enter');
        await expect(items.first().locator(':scope > :not(summary)')).toBeHidden();
        // The menu links still reach the FAQ without scripts.
        await page
          .getByRole('navigation', { name: 'メニュー' })
          .getByRole('link', {
            name: 'よくある質問',
          })
          .click();
        await expect(page).toHaveURL(/#question$/);
        await expect(faq).toBeInViewport();
      } finally {
        await context.close();
      }
    });

    test.describe('theme', () => {
      test('the toggle switches to dark, and a reload keeps it', async ({
        page,
        consoleErrors,
      }) => {
        await page.goto(originFor(brand.id) + '/');
        await waitForApp(page);
        const toggle = page.getByRole('button', { name: 'ダークモード' });
        const html = page.locator('html');
        await expect(toggle).toHaveAttribute('aria-pressed', 'false');
        await expect(html).not.toHaveAttribute('data-theme', /./);
        const lightBackground = await page.evaluate(
          () => getComputedStyle(document.body).backgroundColor,
        );

        await toggle.click();
        await expect(html).toHaveAttribute('data-theme', 'dark');
        await expect(toggle).toHaveAttribute('aria-pressed', 'true');
        expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
          lightBackground,
        );

        await page.reload();
        await waitForApp(page);
        await expect(html).toHaveAttribute('data-theme', 'dark');
        await expect(toggle).toHaveAttribute('aria-pressed', 'true');

        await toggle.click();
        await expect(html).not.toHaveAttribute('data-theme', /./);
        await expect(toggle).toHaveAttribute('aria-pressed', 'false');
        await page.reload();
        await waitForApp(page);
        await expect(html).not.toHaveAttribute('data-theme', /./);
        expect(consoleErrors).toEqual([]);
      });

      test('a stored dark theme applies before first paint, before hydration', async ({
        page,
        consoleErrors,
      }) => {
        await page.addInitScript(() => {
          const seen: Record<string, string> = {};
          const record = (moment: string) => {
            const root = document.documentElement;
            seen[moment] = `${root.getAttribute('data-theme')}|${root.dataset.hydrated ?? ''}`;
            (window as { themeSeen?: Record<string, string> }).themeSeen = seen;
          };
          // The first animation frame runs before the first paint.
          requestAnimationFrame(() => record('firstFrame'));
          document.addEventListener('DOMContentLoaded', () => record('domContentLoaded'));
        });
        await page.goto(originFor(brand.id) + '/');
        await page.evaluate(() => localStorage.setItem('theme', 'dark'));
        await page.reload();
        await waitForApp(page);
        const seen = await page.evaluate(
          () => (window as { themeSeen?: Record<string, string> }).themeSeen,
        );
        expect(seen?.domContentLoaded).toMatch(/^dark\|/);
        expect(seen?.firstFrame).toMatch(/^dark\|/);
        // Before hydration at least once, so the theme did not wait for React.
        expect([seen?.domContentLoaded, seen?.firstFrame]).toContain('dark|');
        await expect(page.getByRole('button', { name: 'ダークモード' })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        expect(consoleErrors).toEqual([]);
      });
    });
  });
}

// The home page's sections in order at a phone's and a desktop's width, with full-page screenshots
// of both homes kept as test artefacts for a human look.
for (const brand of brandList) {
  for (const width of [375, 1280]) {
    test.describe(`${brand.id} at ${width}px`, () => {
      test.use({ viewport: { width, height: width < 768 ? 740 : 800 } });

      test('sections come in the spec order, with the hours endpoint saying "open"; full-page screenshot', async ({
        page,
        consoleErrors,
      }, testInfo) => {
        await openAllDay(page);
        const hours = page.waitForResponse(/business_time/);
        await page.goto(originFor(brand.id) + '/');
        await waitForApp(page);
        await hours;
        // The hours are judged after the answer: the CTA must still be there once they are in.
        await expect(page.locator('[data-section="cta"]')).toBeVisible();
        expect(await sectionLayout(page)).toEqual({
          before: ['main-visual'],
          body: bodySections(brand),
          after: ['tracking-footer', 'estimate-modal'],
          footerVariant: 'landing-top',
        });
        expect(consoleErrors).toEqual([]);
        // Nothing wider than the viewport: no sideways scrolling on phones or desktops.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
        const path = testInfo.outputPath(`${brand.id}-home-${width}.png`);
        await page.screenshot({ path, fullPage: true, animations: 'disabled' });
        await testInfo.attach(`${brand.id}-home-${width}`, { path, contentType: 'image/png' });
      });
    });
  }
}
