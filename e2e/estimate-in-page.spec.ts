// The estimate form is in the page: usable from first paint, enhanced by its code when it
// arrives, sent even without it. Scripts are held back by routing them, then released.
import type { Locator, Page, Route } from '@playwright/test';
import { pageAnswer } from '../server/estimate/answers';
import { valuesKeptNote } from '../server/estimate/pages';
import { preferredDateBounds } from '../src/estimate/contract/dates';
import type { brands } from '../src/brand/brands';
import { axeViolations } from './axe';
import { trackingCookieName } from '../src/tracking/trackingData';
import {
  estimateDialog,
  fillCustomer,
  fillEstimate,
  fillVehicle,
  formCodeLoaded,
  submitButton,
  submitSimpleForm,
  uniqueEmail,
} from './estimateForm';
import { expect, originFor, test, oneBrand, storedFor } from './fixtures';
import { typedCustomer } from '../tests/factories/estimate';

/** A form's controls as it would post them (name → value, the last of a name). */
function formValues(form: Locator): Promise<Record<string, string>> {
  return form.evaluate((element) =>
    Object.fromEntries(
      [...new FormData(element as HTMLFormElement)].map(([name, value]) => [name, String(value)]),
    ),
  );
}

/** Holds every script of the site until release() is called; returns release. */
async function holdScripts(
  page: Page,
  pattern = /\/assets\/.+\.js$/,
): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

/** The form's code has taken the form over (src/estimate/EstimateForm.tsx). */
async function waitForFormCode(page: Page): Promise<void> {
  await formCodeLoaded(estimateDialog(page));
}

async function openLandingHeld(page: Page, brand: keyof typeof brands) {
  const release = await holdScripts(page);
  await page.goto(`${originFor(brand)}/`, { waitUntil: 'domcontentloaded' });
  return release;
}

for (const brand of oneBrand(1)) {
  test.describe(`${brand.id} estimate form in the page`, () => {
    test('a tap on the sticky bar at first paint opens a usable form; what is typed survives the code and is sent', async ({
      page,
      consoleErrors,
    }) => {
      const release = await openLandingHeld(page, brand.id);
      await page.locator('[data-section="tracking-footer"]').getByRole('button').click();
      const dialog = estimateDialog(page);
      await expect(dialog).toBeVisible();
      const model = dialog.getByLabel('車種');
      await expect(model).toBeEnabled();
      // Focus went to the first empty required field.
      await expect(dialog.getByLabel('車検満了日の年')).toBeFocused();
      await model.fill('タイプしたクルマ');
      await expect(dialog.locator('input[name="entryPoint"]')).toHaveValue('tracking-footer');

      await release();
      await waitForFormCode(page);
      await expect(model).toHaveValue('タイプしたクルマ');
      const email = uniqueEmail(brand.id);
      await fillVehicle(dialog, { model: 'タイプしたクルマ' });
      await fillCustomer(dialog, email);
      await submitButton(dialog).click();
      await expect(
        dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' }),
      ).toBeVisible();
      const stored = await storedFor(brand.id, email);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.request.vehicle.model).toBe('タイプしたクルマ');
      expect(stored[0]?.request.entryPoint).toBe('tracking-footer');
      expect(consoleErrors).toEqual([]);
    });

    test("a simple form's submit before the code moves its values into the form, which keeps them", async ({
      page,
      consoleErrors,
    }) => {
      const release = await openLandingHeld(page, brand.id);
      await submitSimpleForm(page, 1, 'ノート');
      const dialog = estimateDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('車種')).toHaveValue('ノート');
      await expect(dialog.getByLabel('メーカー')).toHaveValue('トヨタ');
      await expect(dialog.getByLabel('車検満了日の月')).toHaveValue('3');
      // The full-width year typed in the simple form is the year option it means.
      await expect(dialog.getByLabel('車検満了日の年')).not.toHaveValue('');
      // The first empty required field is the customer's name.
      await expect(dialog.getByLabel('姓', { exact: true })).toBeFocused();

      await release();
      await waitForFormCode(page);
      await expect(dialog.getByLabel('車種')).toHaveValue('ノート');
      const email = uniqueEmail(brand.id);
      await fillCustomer(dialog, email);
      await submitButton(dialog).click();
      await expect(
        dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' }),
      ).toBeVisible();
      const [stored] = await storedFor(brand.id, email);
      expect(stored?.request.vehicle.model).toBe('ノート');
      expect(stored?.request.vehicle.postalCode).toBe('1234567');
      expect(stored?.request.entryPoint).toBe('simple-form-1');
      expect(consoleErrors).toEqual([]);
    });

    test('a submit while the code is held is shown as pending and sent once when it arrives', async ({
      page,
      consoleErrors,
    }) => {
      const release = await openLandingHeld(page, brand.id);
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/api/estimates')) {
          posts.push(request.url());
        }
      });
      await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      const dialog = estimateDialog(page);
      const email = uniqueEmail(brand.id);
      await fillEstimate(dialog, email);
      await submitButton(dialog).click();
      await expect(dialog.getByRole('button', { name: '送信準備中…' })).toBeVisible();
      expect(posts).toEqual([]);

      await release();
      await expect(
        dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' }),
      ).toBeVisible();
      expect(posts).toHaveLength(1);
      const stored = await storedFor(brand.id, email);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.request.entryPoint).toBe('header');
      expect(consoleErrors).toEqual([]);
    });

    test('the page re-rendering around the form before its code arrives leaves what was typed', async ({
      page,
      context,
    }) => {
      const release = await holdScripts(page, /\/assets\/EstimateForm-[\w-]+\.js$/);
      await page.goto(`${originFor(brand.id)}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      const dialog = estimateDialog(page);
      await dialog.getByLabel('車種').fill('再描画に負けない車');
      // The business hours arrive (the cookie is written) and the landing page renders again.
      await expect
        .poll(async () => (await context.cookies()).some((c) => c.name === 'business_end_time'))
        .toBe(true);
      await expect(dialog.getByLabel('車種')).toHaveValue('再描画に負けない車');
      await release();
      await waitForFormCode(page);
      await expect(dialog.getByLabel('車種')).toHaveValue('再描画に負けない車');
    });

    test('axe finds no violation in the open form before its code, a held submit included', async ({
      page,
    }) => {
      await openLandingHeld(page, brand.id);
      await page.locator('[data-section="tracking-footer"]').getByRole('button').click();
      const dialog = estimateDialog(page);
      await fillEstimate(dialog, uniqueEmail(brand.id));
      await submitButton(dialog).click();
      await expect(dialog.getByRole('button', { name: '送信準備中…' })).toBeVisible();
      await expect
        .poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity))
        .toBe('1');
      expect(await axeViolations(page, 'dialog')).toEqual([]);
    });

    test('the header 無料見積もり of a text page opens the form on the landing page', async ({
      page,
    }) => {
      await page.goto(`${originFor(brand.id)}/term`);
      await page.getByRole('banner').getByRole('link', { name: '無料見積もり' }).click();
      await expect(page).toHaveURL(`${originFor(brand.id)}/`);
      await expect(estimateDialog(page)).toBeVisible();
      await expect(estimateDialog(page).locator('input[name="entryPoint"]')).toHaveValue('header');
    });

    test('when the code chunk fails every time, the native post still delivers the lead', async ({
      page,
    }) => {
      await page.route(/\/assets\/EstimateForm-.+\.js$/, (route) => route.abort());
      await page.goto(`${originFor(brand.id)}/`);
      await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      const dialog = estimateDialog(page);
      const email = uniqueEmail(brand.id);
      await fillEstimate(dialog, email);
      await submitButton(dialog).click();
      await expect(page.getByText(/^受付番号: \S+/)).toBeVisible();
      expect(await storedFor(brand.id, email)).toHaveLength(1);
    });
  });

  test.describe(`${brand.id} estimate form without JavaScript`, () => {
    test.use({ javaScriptEnabled: false });

    test('the invoker button opens the form, which carries everything a native post needs', async ({
      page,
    }) => {
      await page.goto(`${originFor(brand.id)}/`);
      await page.locator('[data-section="tracking-footer"]').getByRole('button').click();
      const dialog = estimateDialog(page);
      await expect(dialog).toBeVisible();
      const form = dialog.locator('form');
      await expect(form).toHaveAttribute('method', 'post');
      await expect(form).toHaveAttribute('action', '/api/estimates');
      await expect(form.locator('input[name="brand"]')).toHaveValue(brand.id);
      await expect(form.locator('input[name="homepage"]')).toHaveAttribute('tabindex', '-1');
      await expect(dialog.getByLabel('車種')).toHaveAttribute('name', 'vehicle.model');
      await expect(dialog.getByLabel('車種')).toHaveAttribute('required', '');
      await expect(dialog.getByLabel('メールアドレス')).toHaveAttribute('autocomplete', 'email');
    });

    test('a native post is accepted and stored with the tracking cookie that travels with it', async ({
      page,
      context,
    }) => {
      // Set on an earlier visit with JavaScript; without it nothing writes the cookie.
      const tracking = { lp_entry_url: '/?utm_source=nojs', source: 'nojs', gaid: 'nojs-gclid_1' };
      await context.addCookies([
        {
          name: trackingCookieName,
          value: encodeURIComponent(JSON.stringify(tracking)),
          url: originFor(brand.id),
        },
      ]);
      await page.goto(`${originFor(brand.id)}/`);
      await page.locator('[data-section="tracking-footer"]').getByRole('button').click();
      const dialog = estimateDialog(page);
      const email = uniqueEmail(brand.id);
      await fillEstimate(dialog, email);
      await submitButton(dialog).click();
      await expect(page.getByText(/^受付番号: \S+/)).toBeVisible();
      await expect(page.getByRole('link', { name: brand.phone })).toBeVisible();
      const [stored, ...more] = await storedFor(brand.id, email);
      expect(more).toHaveLength(0);
      expect(stored?.request.tracking).toMatchObject(tracking);
      // Without a script nothing tells the form which opener showed it: the contract's default.
      expect(stored?.request.entryPoint).toBe('header');
    });

    test('a simple form posts to the API, whose page keeps its values and asks for the rest', async ({
      page,
    }) => {
      await page.goto(`${originFor(brand.id)}/`);
      await submitSimpleForm(page, 1, 'アクア');
      await expect(
        page.getByRole('heading', { name: 'お見積もり依頼の続きをご入力ください' }),
      ).toBeVisible();
      // What the simple form held is there, as typed; what it lacks is listed, linked to its field.
      await expect(page.locator('[name="vehicle.model"]')).toHaveValue('アクア');
      await expect(page.locator('[name="vehicle.postalCode"]')).toHaveValue('１２３－４５６７');
      await expect(page.locator('[name="vehicle.maker"]')).toHaveValue('トヨタ');
      await expect(page.getByRole('link', { name: /姓/ })).toHaveAttribute(
        'href',
        '#f-customer-lastName',
      );
      const email = uniqueEmail(`${brand.id}-simple-nojs`);
      for (const [name, value] of Object.entries(typedCustomer(email))) {
        await page.locator(`[name="customer.${name}"]`).fill(value);
      }
      await page.locator('[name="consent"]').check();
      await page.getByRole('button', { name: 'この内容で送信する' }).click();
      await expect(page.getByText(/^受付番号: \S+/)).toBeVisible();
      const [stored, ...more] = await storedFor(brand.id, email);
      expect(more).toHaveLength(0);
      expect(stored?.request).toMatchObject({
        entryPoint: 'simple-form-1',
        vehicle: { model: 'アクア', maker: 'トヨタ', postalCode: '1234567' },
      });
    });

    // The 503 page is the same page with another message (server/estimate/pages.tsx; both are
    // tested in tests/server/estimate/): what Back does is tested on the 429.
    {
      const status = 429;
      test(`Back from the ${status} page keeps every value, and its own form sends them again`, async ({
        page,
      }) => {
        await page.goto(`${originFor(brand.id)}/`);
        const opener = page.locator('[data-section="tracking-footer"]').getByRole('button');
        await opener.click();
        const dialog = estimateDialog(page);
        const email = uniqueEmail(`${brand.id}-${status}`);
        await fillEstimate(dialog, email);
        // Every optional field too: Back must keep them all.
        const form = dialog.locator('form');
        await form.locator('[name="vehicle.expiryDay"]').selectOption('9');
        await form.locator('[name="vehicle.firstRegistrationYear"]').selectOption('2019');
        await form.locator('[name="vehicle.firstRegistrationMonth"]').selectOption('7');
        await form.locator('[name="vehicle.mileage"]').fill('45000');
        await form.locator('[name="request.preferredDate1"]').fill(preferredDateBounds().min);
        await form.locator('[name="request.preferredDate2"]').fill(preferredDateBounds().max);
        await form.locator('[name="request.courtesyCar"][value="no"]').check();
        await form.locator('[name="request.contactTime"]').selectOption({ index: 2 });
        await form.locator('[name="request.notes"]').fill('午前中希望');
        const filled = await formValues(form);

        // The API refuses the next two posts with the page it gives for `status`.
        await page.route(
          '**/api/estimates',
          async (route) => {
            const values = Object.fromEntries(
              new URLSearchParams(route.request().postData() ?? ''),
            );
            const refusal = { kind: 'rateLimited', retryAfterSeconds: 600 } as const;
            const answer = await pageAnswer(refusal, brand.id, values, '/api/estimates');
            await route.fulfill({
              status,
              contentType: 'text/html; charset=utf-8',
              body: await answer.text(),
            });
          },
          { times: 2 },
        );
        await submitButton(dialog).click();
        await expect(page.getByText(valuesKeptNote)).toBeVisible();
        await expect(page.getByRole('link', { name: brand.phone })).toBeVisible();

        await page.goBack();
        await opener.click();
        expect(await formValues(dialog.locator('form'))).toEqual(filled);

        // The refusal page's own form sends everything as it is.
        await submitButton(dialog).click();
        await expect(page.getByText(valuesKeptNote)).toBeVisible();
        await page.getByRole('button', { name: 'この内容で送信する' }).click();
        await expect(page.getByText(/^受付番号: \S+/)).toBeVisible();
        const [stored, ...more] = await storedFor(brand.id, email);
        expect(more).toHaveLength(0);
        expect(stored?.request).toMatchObject({
          vehicle: { model: 'N-BOX', mileage: '45000' },
          request: { courtesyCar: 'no', notes: '午前中希望' },
        });
      });
    }

    test('a refused field shows its message on the answer page, which keeps the values', async ({
      page,
    }) => {
      await page.goto(`${originFor(brand.id)}/`);
      await page.locator('[data-section="tracking-footer"]').getByRole('button').click();
      const dialog = estimateDialog(page);
      const email = uniqueEmail(brand.id);
      await fillEstimate(dialog, email);
      await dialog.getByLabel('電話番号').fill('0990-123-456');
      await submitButton(dialog).click();
      const message = /^0990から始まる番号にはおかけできません/;
      // In the list of problems at the top, linked to the field, and at the field itself.
      await expect(page.getByRole('link', { name: message })).toBeVisible();
      await expect(page.locator('p', { hasText: message })).toBeVisible();
      await expect(page.locator('[name="customer.email"]')).toHaveValue(email);
      await expect(page.locator('[name="customer.phone"]')).toHaveValue('0990-123-456');
      expect(await storedFor(brand.id, email)).toHaveLength(0);
    });
  });
}
