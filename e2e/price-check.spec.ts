// The price check in the cost section, for both brands: the visitor's own rough total at once,
// without a request, and the estimate it opens carrying class, first registration and total.
// Run: npx playwright test e2e/price-check.spec.ts (after `npm run build`).
import { axeViolations } from './axe';
import type { Page } from '@playwright/test';
import { businessTimePath } from '../src/business-hours/loadBusinessHours';
import type { BrandId } from '../src/brand/brands';
import { legalFeeRates, rowInForce } from '../src/content/legalFees';
import { tokyoYearMonth } from '../src/lib/tokyoTime';
import { oneBrand, expect, landings, originFor, test, openLanding, storedFor } from './fixtures';
import { fillEstimate } from './estimateForm';

/** Today's year and month in Japan, as the page counts them. */
const today = tokyoYearMonth();
/** First registered this month 13 years ago: its expiry is this month, 13 years on. */
const thirteenYearOld = { year: String(today.year - 13), month: String(today.month) };
/** First registered in January 2000: past 18 years at any expiry from now on. */
const oldCar = { year: '2000', month: '1' };

/** The first day of a month, as the rate rows are dated (2027-01-01). */
function firstOfMonth(year: number | string, month: number | string): string {
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

/** The rate rows in force on the first day of this month in Japan (the 13-year car's expiry). */
const thisMonth = firstOfMonth(today.year, today.month);

/**
 * The rough total the price check should show for `cost`, worked out here from the rate table:
 * `weightTax`, then 自賠責 (本土, 24か月) and 印紙代 (指定工場; OSS for a registered car) in force in
 * `month`, plus the brand's basic fee less its discount.
 */
function expectedTotal(
  month: string,
  weightTax: number,
  kind: 'passenger' | 'kei',
  cost: { basicFee: number; discount: number },
): number {
  const stamp = rowInForce(legalFeeRates.stampFee, month).designated;
  return (
    weightTax +
    rowInForce(legalFeeRates.liabilityInsurance, month).mainland[kind] +
    (kind === 'kei' ? stamp.kei : stamp.registeredOss) +
    cost.basicFee -
    cost.discount
  );
}

function yen(amount: number): string {
  return `${amount.toLocaleString('ja-JP')}円`;
}

function section(page: Page) {
  return page.locator('[data-section="example"]');
}

/** The landing page, the cta above the price check pinned by hours that span the day. */
async function openPriceCheck(page: Page, brand: BrandId) {
  await openLanding(page, brand);
  await section(page).scrollIntoViewIfNeeded();
}

for (const brand of oneBrand(0)) {
  const example = landings[brand.id].example;
  const mid = example.classes.find((cost) => cost.id === 'upto-1500kg');
  if (!mid) throw new Error('a class is missing');
  const midHalfTonnes = legalFeeRates.classes['upto-1500kg'].halfTonnes;
  // 13 years old, expiring this month: 13年経過の重量税 + 自賠責 (本土, 24か月) + 印紙代 (指定工場,
  // OSS) in force this month + the brand's basic fee − discount.
  const thirteenWeightTax =
    rowInForce(legalFeeRates.weightTax, thisMonth).perHalfTonne.over13 * midHalfTonnes;
  const thirteenTotal = expectedTotal(thisMonth, thirteenWeightTax, 'passenger', mid);
  const thirteenText = `例 ${yen(thirteenTotal)}〜`;

  test.describe(`${brand.id} price check`, () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test('choosing class and first registration shows the total at once, without a request; the estimate carries it', async ({
      page,
      consoleErrors,
    }) => {
      const email = `e2e-price-${brand.id}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      await openPriceCheck(page, brand.id);
      const status = section(page).getByRole('status');
      await expect(status).toHaveAttribute('aria-live', 'polite');

      // The site's own housekeeping (build meta, business hours) may still run in idle time; the
      // price check itself must ask for nothing.
      const requests: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === businessTimePath || pathname.startsWith('/_app/builds/')) return;
        // Nor the code the page loads in idle time (the estimate form's, its aids): scripts, not data.
        if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) return;
        requests.push(request.url());
      });
      await section(page).getByRole('tab', { name: '〜1.5t' }).click();
      await section(page).getByLabel('初度登録年月の年').selectOption(thirteenYearOld.year);
      await section(page).getByLabel('初度登録年月の月').selectOption(thirteenYearOld.month);
      await expect(status).toContainText(`〜1.5tの総額（概算）${thirteenText}`);
      await expect(status).toContainText(
        `次回の車検満了（目安）${today.year}年${today.month}月・13年経過の重量税で計算`,
      );
      await expect(section(page).getByRole('tabpanel')).toContainText(
        `重量税（13年経過） ${yen(thirteenWeightTax)}`,
      );
      const shownTotal = Number(
        await status.locator('[data-rough-total]').getAttribute('data-rough-total'),
      );
      expect(shownTotal).toBe(thirteenTotal);
      expect(requests, 'the price is worked out in the page').toEqual([]);

      await section(page).getByRole('button', { name: 'この条件で見積もりを依頼' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`ご覧になった概算：〜1.5t・総額 ${thirteenText}`);
      await expect(dialog.getByLabel('初度登録年月の年')).toHaveValue(thirteenYearOld.year);
      await expect(dialog.getByLabel('初度登録年月の月')).toHaveValue(thirteenYearOld.month);

      await fillEstimate(dialog, email);

      const sent = page.waitForRequest('**/api/estimates');
      await dialog.getByRole('button', { name: 'この内容で見積もりを依頼する' }).click();
      const body = (await sent).postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        brand: brand.id,
        entryPoint: 'price-check',
        vehicle: {
          firstRegistrationYear: thirteenYearOld.year,
          firstRegistrationMonth: thirteenYearOld.month,
        },
        quote: { vehicleClass: 'upto-1500kg', roughTotal: shownTotal },
      });
      await expect(
        dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' }),
      ).toBeVisible();

      const stored = await storedFor(brand.id, email);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.request).toMatchObject({
        entryPoint: 'price-check',
        quote: { vehicleClass: 'upto-1500kg', roughTotal: shownTotal },
      });
      expect(consoleErrors).toEqual([]);
    });

    test('a 車検満了日 the visitor gives replaces the derived one for the rows and the age band, and prefills the estimate', async ({
      page,
      consoleErrors,
    }) => {
      // The 13-year-old car whose inspection cycle moved: its expiry was this month last year, when
      // it was 12, so the lower 重量税 of the rows in force then applies, not the derived 13年経過.
      const given = { year: String(today.year - 1), month: String(today.month) };
      const givenMonth = firstOfMonth(given.year, today.month);
      const weightTax =
        rowInForce(legalFeeRates.weightTax, givenMonth).perHalfTonne.standard * midHalfTonnes;
      const total = expectedTotal(givenMonth, weightTax, 'passenger', mid);
      await openPriceCheck(page, brand.id);
      const status = section(page).getByRole('status');
      await section(page).getByRole('tab', { name: '〜1.5t' }).click();
      await section(page).getByLabel('初度登録年月の年').selectOption(thirteenYearOld.year);
      await section(page).getByLabel('初度登録年月の月').selectOption(thirteenYearOld.month);
      await expect(status).toContainText('13年経過の重量税で計算');
      await section(page).getByLabel('車検満了日の年').selectOption(given.year);
      await expect(status).toContainText('年と月の両方を選ぶと反映されます');
      await section(page).getByLabel('車検満了日の月').selectOption(given.month);
      await expect(status).toContainText(
        `車検満了${given.year}年${given.month}月・13年未満の重量税で計算`,
      );
      await expect(status).toContainText(`〜1.5tの総額（概算）例 ${yen(total)}〜`);
      await expect(section(page).getByRole('tabpanel')).toContainText(
        `重量税（13年未満） ${yen(weightTax)}`,
      );

      await section(page).getByRole('button', { name: 'この条件で見積もりを依頼' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('車検満了日の年')).toHaveValue(given.year);
      await expect(dialog.getByLabel('車検満了日の月')).toHaveValue(given.month);
      await expect(dialog.getByLabel('初度登録年月の年')).toHaveValue(thirteenYearOld.year);
      expect(consoleErrors).toEqual([]);
    });

    // Which 重量税 band and rate row a car meets is the price's own rule: every 13- and 18-year
    // edge, 軽 and 登録車, and every class's total for both brands are unit-tested
    // (tests/content/roughPrice.test.ts, tests/sections/example/Example.test.tsx).

    test('the result updates in place: nothing below it moves as the visitor chooses', async ({
      page,
    }) => {
      await openPriceCheck(page, brand.id);
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
        await openPriceCheck(page, brand.id);
        await section(page).getByLabel('初度登録年月の年').selectOption('2010');
        await section(page).getByLabel('初度登録年月の月').selectOption('6');
        await expect(section(page).getByRole('status')).toContainText('次回の車検満了');
        expect(await axeViolations(page, '[data-section="example"]')).toEqual([]);
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
