/**
 * What an outside probe of the site found broken on 2026-11-22, kept as checks on both brands:
 * each of these failed then (page file names, 〒 in a postal code, an unchecked optional radio,
 * focus after a failed send, a tap when no estimate code loads).
 */
import { fillEstimate, uniqueEmail } from './estimateForm';
import { test, expect, originFor, waitForApp, brandList } from './fixtures';

const phone = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};
test.use(phone);

for (const brand of brandList) {
  const origin = originFor(brand.id);

  test.describe(`${brand.id}: found from outside`, () => {
    test('/term.html shows the terms, not the not-found page (or redirects to /term)', async ({
      page,
      consoleErrors,
    }) => {
      await page.goto(`${origin}/term.html`);
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('利用規約');
      expect(consoleErrors).toEqual([]);
    });

    test('a postal code typed as 〒１２３－４５６７ in a simple form reaches the dialog whole', async ({
      page,
    }) => {
      await page.goto(`${origin}/`);
      await waitForApp(page);
      const postal = page.locator('#simple-form-1 form [name="vehicle.postalCode"]');
      await postal.pressSequentially('〒１２３－４５６７');
      await expect(postal).toHaveValue('〒１２３－４５６７');
    });

    test('tabbing past the optional 代車 radios does not block the submit', async ({ page }) => {
      await page.goto(`${origin}/`);
      await waitForApp(page);
      await page.locator('[data-section="tracking-footer"] [data-estimate-opener]').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('[name="request.courtesyCar"]').first().focus();
      await page.keyboard.press('Tab');
      await fillEstimate(dialog, uniqueEmail(brand.id));
      await dialog.getByRole('button', { name: 'この内容で見積もりを依頼する' }).click();
      await expect(dialog.getByText('代車のご希望を選択してください')).toHaveCount(0);
      await expect(
        dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' }),
      ).toBeVisible();
    });

    test('after a failed submit, focus stays in the dialog (not on <body>)', async ({ page }) => {
      await page.route('**/api/estimates', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      );
      await page.goto(`${origin}/`);
      await waitForApp(page);
      await page.locator('[data-section="tracking-footer"] [data-estimate-opener]').click();
      const dialog = page.getByRole('dialog');
      await fillEstimate(dialog, uniqueEmail(brand.id));
      await dialog.getByRole('button', { name: 'この内容で見積もりを依頼する' }).click();
      await expect(dialog.getByRole('alert')).toContainText('送信できませんでした');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    });

    test('a tap still gets the whole form when the form code cannot load, left to post natively', async ({
      page,
    }) => {
      await page.route(/\/assets\/EstimateForm-[\w-]+\.js$/, (route) => route.abort('failed'));
      let loads = 0;
      page.on('load', () => (loads += 1));
      await page.goto(`${origin}/`);
      await waitForApp(page);
      await page.locator('[data-section="tracking-footer"] [data-estimate-opener]').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel('車種')).toBeEditable();
      await expect(dialog.locator('form')).toHaveAttribute('data-state', 'native');
      // No reload for the failed chunk: it would cost what was typed.
      expect(loads).toBe(1);
    });
  });
}
