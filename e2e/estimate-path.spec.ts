// Issue 10, the estimate path: every option a form offers reaches an accepted request, and no tap
// or typed value is lost while the form's code is on its way (the moments before the app runs are
// in estimate-in-page.spec.ts). Both brands, in a real browser. No timings here: they are in the
// bench.
import type { Locator, Page, Route } from '@playwright/test';
import { dayOptions, makers, monthOptions } from '../src/estimate/options';
import { expiryYear, fillCustomer, storedFor, submitButton, uniqueEmail } from './estimateForm';
import {
  brandList,
  estimatesFile,
  expect,
  hostFor,
  originFor,
  port,
  simpleFormCount,
  test,
  waitForApp,
  openAllDay,
} from './fixtures';
import { storedCustomer } from '../tests/factories/estimate';

const formChunk = /\/assets\/EstimateForm-[\w-]+\.js$/;

async function estimateOpens(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as Window & { dataLayer?: Record<string, unknown>[] }).dataLayer ?? [])
      .filter((entry) => entry.event === 'estimate_open')
      .map((entry) => String(entry.entry_point)),
  );
}

async function fillSimpleForm(page: Page, index: number, maker: string): Promise<Locator> {
  const form = page.locator(`#simple-form-${index} form`);
  await form.locator('[name="vehicle.expiryYear"]').fill(expiryYear);
  await form.locator('[name="vehicle.expiryMonth"]').selectOption('4');
  await form.locator('[name="vehicle.expiryDay"]').selectOption('15');
  await form.locator('[name="vehicle.maker"]').selectOption(maker);
  await form.locator('[name="vehicle.model"]').fill('テスト車');
  await form.locator('[name="vehicle.postalCode"]').fill('100-0001');
  return form;
}

/** The modal holds what the simple form sent (maker included) and opened with the form itself. */
async function expectPrefilled(dialog: Locator, maker: string): Promise<void> {
  // After a reload the modal's code is fetched again: a slow shared machine may take a while.
  await expect(dialog.getByLabel('車検満了日の年')).toHaveValue(expiryYear, { timeout: 15_000 });
  await expect(dialog.getByLabel('車検満了日の月')).toHaveValue('4');
  await expect(dialog.getByLabel('車検満了日の日（任意）')).toHaveValue('15');
  await expect(dialog.getByLabel('メーカー')).toHaveValue(maker);
  await expect(dialog.getByLabel('車種')).toHaveValue('テスト車');
  await expect(dialog.getByLabel('郵便番号')).toHaveValue('100-0001');
}

async function fillCustomerAndSend(dialog: Locator, email: string): Promise<void> {
  await fillCustomer(dialog, email);
  await submitButton(dialog).click();
  await expect(
    dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' }),
  ).toBeVisible();
}

/** Holds every request matching `pattern` until the returned release is called. */
async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

for (const brand of brandList) {
  const origin = originFor(brand.id);
  const lastForm = simpleFormCount(brand);

  test.describe(`${brand.id} estimate path`, () => {
    test('every maker both forms offer reaches an accepted request, stored as offered', async ({
      page,
    }) => {
      test.slow();
      await openAllDay(page.context(), brand.id);
      await page.goto(`${origin}/`);
      await waitForApp(page);
      // Both forms offer the same list, the one the schema accepts.
      const simpleMakers = await page
        .locator('#simple-form-1 select[name="vehicle.maker"] option:not([value=""])')
        .allTextContents();
      expect(simpleMakers).toEqual([...makers]);

      const dialog = page.getByRole('dialog');
      for (const [i, maker] of makers.entries()) {
        const index = (i % lastForm) + 1;
        const form = await fillSimpleForm(page, index, maker);
        await form.getByRole('button').click();
        await expect(dialog).toBeVisible();
        if (i === 0) {
          const modalMakers = await dialog
            .getByLabel('メーカー')
            .locator('option:not([value=""])')
            .allTextContents();
          expect(modalMakers).toEqual([...makers]);
        }
        await expectPrefilled(dialog, maker);
        const email = uniqueEmail(brand.id);
        await fillCustomerAndSend(dialog, email);
        const stored = await storedFor(estimatesFile, email);
        expect(stored, maker).toHaveLength(1);
        expect(stored[0]?.body).toMatchObject({
          entryPoint: `simple-form-${index}`,
          vehicle: { maker, expiryYear, expiryMonth: '4', expiryDay: '15', postalCode: '1000001' },
        });
        await dialog.getByRole('button', { name: '画面を閉じる' }).click();
        await expect(dialog).toBeHidden();
      }
    });

    test('a tap while the form code is on its way gets a usable form at once; Escape gives focus back', async ({
      page,
      consoleErrors,
    }) => {
      await openAllDay(page.context(), brand.id);
      const release = await holdRequests(page, formChunk);
      await page.goto(`${origin}/`);
      await waitForApp(page);
      const opener = page.getByRole('banner').getByRole('button', { name: '無料見積もり' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: '無料お見積もり依頼' });
      await expect(dialog.getByLabel('車種')).toBeEditable();
      await dialog.getByLabel('車種').fill('待たない車');
      release();
      await expect(dialog.locator('form')).toHaveAttribute('data-state', 'enhanced');
      await expect(dialog.getByLabel('車種')).toHaveValue('待たない車');
      // Reported once the code arrived, for the open it missed.
      await expect.poll(() => estimateOpens(page)).toEqual(['header']);
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(opener).toBeFocused();
      expect(consoleErrors).toEqual([]);
    });

    test('the local API accepts every 車検満了日 year, month and day the forms offer', async ({
      request,
    }) => {
      const next = Number(expiryYear);
      const years = [next - 2, next - 1, next, next + 1, next + 2];
      const cases = [
        ...years.map((year) => ({ expiryYear: String(year), expiryMonth: '1' })),
        ...monthOptions.map((month) => ({ expiryYear, expiryMonth: String(month) })),
        ...dayOptions.map((day) => ({ expiryYear, expiryMonth: '1', expiryDay: String(day) })),
      ];
      for (const dates of cases) {
        // Node does not resolve *.localhost: the brand's host goes in the Host header.
        const response = await request.post(`http://127.0.0.1:${port}/api/estimates`, {
          headers: { Host: hostFor(brand.id), 'Idempotency-Key': crypto.randomUUID() },
          data: {
            brand: brand.id,
            entryPoint: 'header',
            vehicle: { ...dates, maker: 'いすゞ', model: 'エルフ', postalCode: '1000001' },
            customer: storedCustomer(uniqueEmail(brand.id)),
            request: {},
            consent: true,
            tracking: {},
          },
        });
        expect(response.status(), JSON.stringify(dates)).toBe(201);
      }
    });
  });
}
