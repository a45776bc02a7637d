// What helps visitors finish the estimate form and shows marketers where they stop (issue 30),
// on both brands: furigana through the IME, the error summary, the count of required fields
// left, the postal code in words, the funnel's dataLayer events and web_vitals.
// Run: npx playwright test e2e/form-aids.spec.ts (after `npm run build`).
import type { Locator, Page } from '@playwright/test';
import { requiredPaths } from '../src/estimate/contract/fieldTable';
import { axeViolations } from './axe';
import { coveringAt } from './covering';
import {
  estimateDialog,
  fillEstimate,
  imeCompose,
  submitButton,
  uniqueEmail,
} from './estimateForm';
import { expect, openLanding, originFor, test, oneBrand } from './fixtures';
import type { BrandId } from '../src/brand/brands';

type Entry = Record<string, unknown> & { event: string };

async function events(page: Page, name: string): Promise<Entry[]> {
  return page.evaluate(
    (event) =>
      ((window as Window & { dataLayer?: Entry[] }).dataLayer ?? []).filter(
        (entry) => entry?.event === event,
      ),
    name,
  );
}

/** Waits until the page has loaded a script chunk whose name starts with `name`. */
async function chunkLoaded(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    (prefix) =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes(`/${prefix}-`)),
    name,
  );
}

/** The page as the browser hides it (a tab or app switch): what tags and web-vitals listen to. */
async function hidePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** The header's 無料見積もり, shown from 768 px. */
const headerOpener = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: '無料見積もり' });
/** The sticky footer's 無料見積もり, the opener a phone shows. */
const footerOpener = (page: Page) => page.locator('[data-section="tracking-footer"] button');

async function openForm(page: Page, brand: BrandId, opener = headerOpener): Promise<Locator> {
  await openLanding(page, brand);
  return openDialog(page, opener);
}

/** Opens the dialog of a page already open, and waits for its aids. */
async function openDialog(page: Page, opener = headerOpener): Promise<Locator> {
  await opener(page).click();
  const dialog = estimateDialog(page);
  await expect(dialog).toBeVisible();
  // The aids attach once the form's code has taken over: the count shows.
  await expect(dialog.getByRole('status').filter({ hasText: '必須項目' })).toBeVisible();
  return dialog;
}

/** Composes `reading` in `field` through the IME, then commits `text`. */
async function compose(page: Page, field: Locator, reading: string, text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await field.focus();
  await imeCompose(page, cdp, reading, text);
  await page.waitForTimeout(60);
  await cdp.detach();
}

for (const brand of oneBrand(0)) {
  test.describe(`${brand.id} form aids`, () => {
    test('furigana fills from the IME reading, and is left alone after an edit or a paste', async ({
      page,
      consoleErrors,
    }) => {
      const dialog = await openForm(page, brand.id);
      // vanilla-autokana's chunk (named in vite.config.ts).
      await chunkLoaded(page, 'autokana');
      const lastName = dialog.getByLabel('姓', { exact: true });
      const firstName = dialog.getByLabel('名', { exact: true });
      const lastKana = dialog.getByLabel('セイ', { exact: true });
      const firstKana = dialog.getByLabel('メイ', { exact: true });

      await compose(page, lastName, 'やまだ', '山田');
      await expect(lastName).toHaveValue('山田');
      await expect(lastKana).toHaveValue('ヤマダ');

      // A name pasted (no reading from the IME) leaves its reading as it is.
      await firstName.focus();
      await page.keyboard.insertText('花子');
      await page.waitForTimeout(100);
      await expect(firstKana).toHaveValue('');

      // Once the visitor has typed the reading, it is theirs.
      await firstKana.fill('ハナ');
      await firstName.fill('');
      await compose(page, firstName, 'たろう', '太郎');
      await expect(firstName).toHaveValue('太郎');
      await expect(firstKana).toHaveValue('ハナ');
      expect(consoleErrors).toEqual([]);
    });

    test('a refused submit shows the summary, whose links move focus; the count goes down to 0', async ({
      page,
      consoleErrors,
    }) => {
      const dialog = await openForm(page, brand.id);
      const progress = dialog.getByRole('status').filter({ hasText: '必須項目' });
      await expect(progress).toHaveText(`必須項目 残り${requiredPaths.length}`);

      await submitButton(dialog).click();
      const summary = dialog.getByRole('alert').filter({ hasText: '入力内容をご確認ください' });
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link')).toHaveCount(requiredPaths.length);
      expect(await axeViolations(page)).toEqual([]);

      await summary.getByRole('link', { name: '車種を入力してください' }).click();
      const model = dialog.getByLabel('車種');
      await expect(model).toBeFocused();
      await model.fill('プリウス');
      await expect(summary.getByRole('link', { name: '車種を入力してください' })).toHaveCount(0);
      await expect(progress).toHaveText(`必須項目 残り${requiredPaths.length - 1}`);
      await summary.getByRole('link', { name: 'メールアドレスを入力してください' }).click();
      await expect(dialog.getByLabel('メールアドレス')).toBeFocused();

      await fillEstimate(dialog, uniqueEmail(`aids-${brand.id}`));
      await expect(progress).toHaveText('必須項目 残り0');
      await expect(summary).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    });

    test('the postal code is confirmed in words from the site itself; an unknown code says so', async ({
      page,
      consoleErrors,
    }) => {
      const origin = originFor(brand.id);
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        // (The tag manager is the one third party the page loads, after its first paint.)
        const url = request.url();
        if (!url.startsWith(origin) && !url.includes('googletagmanager.com')) elsewhere.push(url);
      });
      const dialog = await openForm(page, brand.id);
      const postalCode = dialog.getByLabel('郵便番号');
      await postalCode.fill('１００－０００１');
      await expect(dialog.getByText('〒100-0001 東京都千代田区')).toBeVisible();
      await postalCode.fill('0000000');
      await expect(dialog.getByText('この郵便番号は見つかりませんでした')).toBeVisible();
      await postalCode.fill('100');
      await expect(dialog.getByText('〒100-0001')).toHaveCount(0);
      expect(elsewhere).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });

    test('the funnel events reach the dataLayer without a typed value; web_vitals after an interaction and a page hide', async ({
      page,
      consoleErrors,
    }) => {
      await openLanding(page, brand.id);
      // web-vitals' chunk is there before the interaction it is to see.
      await chunkLoaded(page, 'webVitals');
      const dialog = await openDialog(page);
      await submitButton(dialog).click();
      await dialog.getByLabel('車種').fill('フィット');
      await dialog.getByLabel('郵便番号').fill('1000001');
      await dialog.getByLabel('電話番号').fill('0901234');
      await dialog.getByLabel('電話番号').blur();
      await hidePage(page);

      const fieldErrors = await events(page, 'estimate_field_error');
      expect(fieldErrors).toContainEqual({
        event: 'estimate_field_error',
        brand: brand.id,
        entry_point: 'header',
        field: 'vehicle.model',
        rule: 'required',
      });
      expect(fieldErrors).toContainEqual(
        expect.objectContaining({ field: 'customer.phone', rule: 'format' }),
      );
      const progress = await events(page, 'estimate_progress');
      const counts = progress.map((entry) => entry.required_left);
      expect(counts).toEqual([requiredPaths.length - 1, requiredPaths.length - 2]);
      expect(new Set(counts).size).toBe(counts.length);
      const abandon = await events(page, 'estimate_abandon');
      expect(abandon).toEqual([
        {
          event: 'estimate_abandon',
          brand: brand.id,
          entry_point: 'header',
          last_field: 'customer.phone',
          required_left: requiredPaths.length - 2,
        },
      ]);
      const pushed = JSON.stringify([...fieldErrors, ...progress, ...abandon]);
      for (const typed of ['フィット', '1000001', '0901234']) expect(pushed).not.toContain(typed);
      expect(consoleErrors).toEqual([]);

      const vitals = await events(page, 'web_vitals');
      const names = vitals.map((entry) => entry.metric_name);
      expect(names).toEqual(expect.arrayContaining(['LCP', 'CLS']));
      for (const entry of vitals) {
        expect(entry).toMatchObject({ brand: brand.id, metric_id: expect.any(String) });
        expect(typeof entry.metric_value).toBe('number');
        expect(['good', 'needs-improvement', 'poor']).toContain(entry.metric_rating);
      }
      const lcp = vitals.find((entry) => entry.metric_name === 'LCP');
      expect(lcp?.metric_target).toEqual(expect.any(String));
    });

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

      test('no field the keyboard or a summary link reaches is hidden under the count', async ({
        page,
      }) => {
        const dialog = await openForm(page, brand.id, footerOpener);
        // Null when what is at the focused control's centre is the control (e2e/covering.ts).
        const coveredBy = async () =>
          (await page.evaluateHandle(() => document.activeElement as Element)).evaluate(
            coveringAt,
            undefined,
          );
        const submit = submitButton(dialog);
        let stops = 0;
        await dialog.getByLabel('車検満了日の年').focus();
        while (!(await submit.evaluate((button) => button === document.activeElement))) {
          expect(await coveredBy()).toBeNull();
          await page.keyboard.press('Tab');
          stops += 1;
          expect(stops).toBeLessThan(60);
        }
        expect(stops).toBeGreaterThanOrEqual(requiredPaths.length);

        await submit.click();
        const summary = dialog.getByRole('alert').filter({ hasText: '入力内容をご確認ください' });
        for (const link of await summary.getByRole('link').all()) {
          await link.click();
          expect(await coveredBy()).toBeNull();
        }
      });
    });
  });
}
