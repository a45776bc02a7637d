import { brandIds, brands, defaultBrandId, receptionText, telHref } from '../src/brand/brands';
import {
  brandList,
  otherBrands,
  expect,
  hostFor,
  originFor,
  pagePaths,
  port,
  test,
  waitForApp,
} from './fixtures';
import { cspViolations, watchCsp } from './csp';

for (const brand of brandList) {
  test.describe(`${brand.id}`, () => {
    for (const path of pagePaths) {
      test(`raw HTML of ${path} carries the brand and no other`, async ({ request }) => {
        const response = await request.get(`http://127.0.0.1:${port}${path}`, {
          headers: { Host: hostFor(brand.id) },
        });
        expect(response.status()).toBe(200);
        expect(response.headers()['cache-control']).toBe('no-cache');
        const html = await response.text();
        expect(html).toContain(`data-brand="${brand.id}"`);
        expect(html).toContain(brand.name);
        expect(html).toContain(brand.phone);
        expect(html).toContain(brand.gtmId);
        for (const other of otherBrands(brand)) {
          expect(html).not.toContain(other.name);
          expect(html).not.toContain(other.phone);
          expect(html).not.toContain(other.gtmId);
        }
      });

      test(`${path} hydrates under its CSP: no violation, console error or hydration warning; every phone number dials`, async ({
        page,
        consoleErrors,
      }) => {
        await watchCsp(page);
        // Hours that include now, so the call-to-action and its number are on the page too.
        await page.route('**/shaken/column/wp-json/wp/business_time', (route) =>
          route.fulfill({ json: { start_time: '0:00', end_time: '23:59' } }),
        );
        await page.goto(originFor(brand.id) + path);
        await waitForApp(page);
        await expect(page.locator('html')).toHaveAttribute('data-brand', brand.id);
        await expect(page.getByRole('banner')).toContainText(brand.phone);
        // The inline theme and tag-manager scripts ran (allowed by hash).
        expect(
          await page.evaluate(() => Array.isArray((window as { dataLayer?: unknown }).dataLayer)),
        ).toBe(true);
        expect(await cspViolations(page)).toEqual([]);
        expect(consoleErrors).toEqual([]);

        await test.step('every phone number on the page is a tel: link that dials it', async () => {
          const found = await page.evaluate((phone) => {
            const plain: string[] = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const parent = node.parentElement;
              if (!parent || parent.closest('script, style, template')) continue;
              if (node.textContent?.includes(phone) && !parent.closest('a[href^="tel:"]')) {
                plain.push(parent.outerHTML);
              }
            }
            const hrefs = Array.from(document.querySelectorAll('a[href^="tel:"]'), (a) =>
              a.getAttribute('href'),
            );
            return { plain, hrefs };
          }, brand.phone);
          expect(found.plain).toEqual([]);
          expect(found.hrefs.length).toBeGreaterThan(0);
          expect(new Set(found.hrefs)).toEqual(new Set([telHref(brand.phone)]));
          // No other brand's number shows up.
          for (const other of otherBrands(brand)) {
            await expect(page.locator('body')).not.toContainText(other.phone);
          }
        });
      });
    }

    test('an unknown path gives the not-found page with 404, and its link leads home', async ({
      page,
      consoleErrors,
    }) => {
      await watchCsp(page);
      const response = await page.goto(`${originFor(brand.id)}/no-such-page`);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole('heading', { name: 'ページが見つかりませんでした。' }),
      ).toBeVisible();
      // The number comes with when it is answered.
      const phone = page.locator('[data-phone-link="not-found"]');
      await expect(phone).toHaveAttribute('href', telHref(brand.phone));
      await expect(phone.locator('..')).toContainText(receptionText(brand));
      await waitForApp(page);
      await page.getByRole('link', { name: 'TOPページへ戻る' }).click();
      await expect(page).toHaveURL(`${originFor(brand.id)}/`);
      await expect(page.locator('[data-section="main-visual"]')).toBeVisible();
      expect(await cspViolations(page)).toEqual([]);
      expect(consoleErrors.filter((e) => !/404/.test(e))).toEqual([]);
    });

    test('client navigation fetches the page payload', async ({ page }) => {
      await page.goto(originFor(brand.id) + '/');
      await waitForApp(page);
      const payload = page.waitForResponse(/\/_app\/builds\/[^/]+\/payload\/term\.json$/);
      await page.getByRole('link', { name: '利用規約' }).first().click();
      expect((await payload).status()).toBe(200);
      await expect(page).toHaveURL(`${originFor(brand.id)}/term`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('利用規約');
    });
  });
}

// A brand's host that gets the default brand's tree, as a misrouted CDN would serve it.
const misrouted = brands[brandIds.find((id) => id !== defaultBrandId)!];

test('a host of another brand renders fresh in its own brand', async ({ page }) => {
  await page.route(`${originFor(misrouted.id)}/`, async (route) => {
    const response = await route.fetch({ url: `${originFor(defaultBrandId)}/` });
    await route.fulfill({ response });
  });
  await page.goto(`${originFor(misrouted.id)}/`);
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('data-brand', misrouted.id);
  await expect(page.getByRole('banner')).toContainText(misrouted.phone);
});
