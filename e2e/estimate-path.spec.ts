// Issue 10, the estimate path: the options a form offers reach an accepted request, and no tap or
// typed value is lost while the form's code is on its way (the moments before the app runs are in
// estimate-in-page.spec.ts). Both brands, in a real browser. That the schema accepts every option
// is unit-tested (tests/estimate/options.test.ts); no timings here: they are in the bench.
import type { Locator, Page, Route } from '@playwright/test';
import { makers } from '../src/estimate/contract/options';
import { scaled } from './machine';
import {
  expiryYear,
  fillCustomer,
  formCodeLoaded,
  submitButton,
  uniqueEmail,
} from './estimateForm';
import {
  brandList,
  expect,
  originFor,
  simpleFormCount,
  test,
  waitForApp,
  openAllDay,
  storedFor,
} from './fixtures';

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

/** The dialog holds what the simple form sent (maker included) and opened with the form itself. */
async function expectPrefilled(dialog: Locator, maker: string): Promise<void> {
  // After a reload the dialog's code is fetched again: a slow shared machine may take a while.
  await expect(dialog.getByLabel('車検満了日の年')).toHaveValue(expiryYear, {
    timeout: scaled(15_000),
  });
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
    test("both forms offer the makers the API accepts; the last form's choice is stored as offered", async ({
      page,
    }) => {
      await openAllDay(page.context(), brand.id);
      await page.goto(`${origin}/`);
      await waitForApp(page);
      const offered = (form: Locator) =>
        form.locator('select[name="vehicle.maker"] option:not([value=""])').allTextContents();
      for (let index = 1; index <= lastForm; index += 1) {
        expect(await offered(page.locator(`#simple-form-${index}`))).toEqual([...makers]);
      }

      // The last maker of the list, from the last form: its place and its spelling both reach the
      // stored request.
      const maker = makers[makers.length - 1]!;
      const form = await fillSimpleForm(page, lastForm, maker);
      await form.getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      expect(await offered(dialog)).toEqual([...makers]);
      await expectPrefilled(dialog, maker);
      const email = uniqueEmail(brand.id);
      await fillCustomerAndSend(dialog, email);
      const stored = await storedFor(brand.id, email);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.request).toMatchObject({
        entryPoint: `simple-form-${lastForm}`,
        vehicle: { maker, expiryYear, expiryMonth: '4', expiryDay: '15', postalCode: '1000001' },
      });
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
      await formCodeLoaded(dialog);
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
  });
}
