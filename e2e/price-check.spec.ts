// The price check in the cost section, for both brands: the visitor's own rough total at once,
// without a request, and the estimate it opens carrying class, first registration and total.
// Run: npx playwright test e2e/price-check.spec.ts (after `npm run build`).
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { landing as carsupportLanding } from '../src/content/carsupport/landing';
import { businessTimePath } from '../src/business-hours/loadBusinessHours';
import { legalFeeRates } from '../src/content/legalFees';
import { landing as yamadaLanding } from '../src/content/yamada/landing';
import { fillEstimate } from './estimateForm';
import { brandList, estimatesFile, expect, originFor, test, waitForApp } from './fixtures';

const content = { carsupport: carsupportLanding, yamada: yamadaLanding };

/** First registered in January 2000: past 18 years at any expiry from now on. */
const oldCar = { year: '2000', month: '1' };

function section(page: Page) {
  return page.locator('[data-section="example"]');
}

async function openLanding(page: Page, origin: string) {
  await page.goto(`${origin}/`);
  await waitForApp(page);
  await section(page).scrollIntoViewIfNeeded();
}

for (const brand of brandList) {
  const example = content[brand.id].example;
  const mid = example.classes.find((cost) => cost.id === 'upto-1500kg');
  if (!mid) throw new Error('the 〜1.5t class is missing');
  const rates = legalFeeRates.classes['upto-1500kg'];
  // Over 18 years: 18年経過の重量税 + 自賠責 24か月 + 印紙代 + the brand's basic fee − discount.
  const oldCarTotal =
    rates.weightTax.over18 +
    rates.liabilityInsurance +
    legalFeeRates.stampFee +
    mid.basicFee -
    mid.discount;
  const oldCarText = `例 ${oldCarTotal.toLocaleString('ja-JP')}円〜`;

  test.describe(`${brand.id} price check`, () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test('choosing class and first registration shows the total at once, without a request; the estimate carries it', async ({
      page,
      consoleErrors,
    }) => {
      const email = `e2e-price-${brand.id}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      await openLanding(page, originFor(brand.id));
      const status = section(page).getByRole('status');
      await expect(status).toHaveAttribute('aria-live', 'polite');

      // The site's own housekeeping (build meta, business hours) may still run in idle time; the
      // price check itself must ask for nothing.
      const requests: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === businessTimePath || pathname.startsWith('/_app/builds/')) return;
        requests.push(request.url());
      });
      await section(page).getByRole('tab', { name: '〜1.5t' }).click();
      await section(page).getByLabel('初度登録年月の年').selectOption(oldCar.year);
      await section(page).getByLabel('初度登録年月の月').selectOption(oldCar.month);
      await expect(status).toContainText(`〜1.5tの総額（概算）${oldCarText}`);
      await expect(status).toContainText('18年経過の重量税で計算');
      await expect(section(page).getByRole('tabpanel')).toContainText(
        `重量税（18年経過） ${rates.weightTax.over18.toLocaleString('ja-JP')}円`,
      );
      expect(requests, 'the price is worked out in the page').toEqual([]);

      await section(page).getByRole('button', { name: 'この条件で見積もりを依頼' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`ご覧になった概算：〜1.5t・総額 ${oldCarText}`);
      await expect(dialog.getByLabel('初度登録年月の年')).toHaveValue(oldCar.year);
      await expect(dialog.getByLabel('初度登録年月の月')).toHaveValue(oldCar.month);

      await fillEstimate(dialog, email);

      const sent = page.waitForRequest('**/api/estimates');
      await dialog.getByRole('button', { name: 'この内容で見積もりを依頼する' }).click();
      const body = (await sent).postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        brand: brand.id,
        entryPoint: 'price-check',
        vehicle: { firstRegistrationYear: oldCar.year, firstRegistrationMonth: oldCar.month },
        quote: { vehicleClass: 'upto-1500kg', roughTotal: oldCarTotal },
      });
      await expect(
        dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' }),
      ).toBeVisible();

      const stored = (await readFile(estimatesFile, 'utf8'))
        .split('\n')
        .filter((line) => line.includes(email))
        .map((line) => JSON.parse(line) as { body: Record<string, unknown> });
      expect(stored).toHaveLength(1);
      expect(stored[0]?.body).toMatchObject({
        entryPoint: 'price-check',
        quote: { vehicleClass: 'upto-1500kg', roughTotal: oldCarTotal },
      });
      expect(consoleErrors).toEqual([]);
    });

    test('the result updates in place: nothing below it moves as the visitor chooses', async ({
      page,
    }) => {
      await openLanding(page, originFor(brand.id));
      const button = section(page).getByRole('button', { name: 'この条件で見積もりを依頼' });
      // Page coordinates, so a scroll cannot hide or fake a move.
      const top = () => button.evaluate((element) => element.getBoundingClientRect().top + scrollY);
      await section(page).getByRole('tab', { name: '〜1.5t' }).click();
      const before = await top();
      await section(page).getByLabel('初度登録年月の年').selectOption(oldCar.year);
      await expect(section(page).getByRole('status')).toContainText('年と月の両方');
      expect(await top()).toBe(before);
      await section(page).getByLabel('初度登録年月の月').selectOption(oldCar.month);
      await expect(section(page).getByRole('status')).toContainText('18年経過');
      expect(await top()).toBe(before);
      await section(page).getByLabel('初度登録年月の年').selectOption('2024');
      await expect(section(page).getByRole('status')).toContainText('13年未満の重量税');
      expect(await top()).toBe(before);
    });

    for (const theme of ['light', 'dark'] as const) {
      test(`axe finds no WCAG 2.1 AA violation in the section with a price chosen (${theme})`, async ({
        page,
      }) => {
        await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
        await openLanding(page, originFor(brand.id));
        await section(page).getByLabel('初度登録年月の年').selectOption('2010');
        await section(page).getByLabel('初度登録年月の月').selectOption('6');
        await expect(section(page).getByRole('status')).toContainText('次回の車検満了');
        type AxePage = ConstructorParameters<typeof AxeBuilder>[0]['page'];
        const results = await new AxeBuilder({ page: page as unknown as AxePage })
          .include('[data-section="example"]')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(results.violations.map((violation) => violation.id)).toEqual([]);
      });
    }
  });

  test(`${brand.id} without JavaScript the section reads as before: every class, no price check`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${originFor(brand.id)}/`);
    await expect(section(page).getByRole('tabpanel')).toHaveCount(example.classes.length);
    await expect(section(page).locator('select')).toHaveCount(0);
    await expect(
      section(page).getByRole('button', { name: 'この条件で見積もりを依頼' }),
    ).toHaveCount(0);
    await context.close();
  });
}
