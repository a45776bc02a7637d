// The estimate journey in a real browser, for both brands: simple forms and openers, the lazy
// dialog, validation, the draft across reloads, failures and retries, the stored request and the
// tag-manager events. The API's own rules are unit-tested (tests/server).
import type { Locator, Page, Request } from '@playwright/test';
import { brands } from '../src/brand/brands';
import { gtmIds } from '../src/brand/tagManager';
import { field } from '../src/estimate/contract/fieldTable';
import {
  estimateDialog,
  expiryYear,
  fillCustomer,
  fillEstimate,
  formCodeLoaded,
  submitButton,
  submitSimpleForm,
  uniqueEmail,
} from './estimateForm';
import {
  oneBrand,
  expect,
  originFor,
  simpleFormCount,
  test,
  waitForApp,
  openLanding,
  storedFor,
} from './fixtures';
import { storedCustomer } from '../tests/factories/estimate';

const apiUrl = '**/api/estimates';
const draftKey = 'estimate_draft';

type DataLayerEntry = Record<string, unknown> & { event: string };

async function trackedEvents(page: Page): Promise<DataLayerEntry[]> {
  return page.evaluate(() => {
    const layer = (window as Window & { dataLayer?: unknown[] }).dataLayer ?? [];
    return layer.filter(
      (entry): entry is DataLayerEntry =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as { event?: unknown }).event === 'string' &&
        /^(estimate_|phone_click$)/.test((entry as { event: string }).event),
    );
  });
}

/** Fills the whole form from the header opener (no simple form involved). */
async function fillFromHeader(page: Page, email: string): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
  const dialog = estimateDialog(page);
  await expect(dialog).toBeVisible();
  await fillEstimate(dialog, email);
  return dialog;
}

async function expectPrefilled(dialog: Locator): Promise<void> {
  await expect(dialog.getByLabel('車検満了日の年')).toHaveValue(expiryYear);
  await expect(dialog.getByLabel('車検満了日の月')).toHaveValue('3');
  await expect(dialog.getByLabel('メーカー')).toHaveValue('トヨタ');
  await expect(dialog.getByLabel('車種')).toHaveValue('プリウス');
  await expect(dialog.getByLabel('郵便番号')).toHaveValue(/^(１２３－４５６７|123-?4567)$/);
}

/** The 受付番号 the completion screen in `dialog` shows. */
async function receiptOf(dialog: Locator): Promise<string> {
  const receipt = dialog.getByText(/^受付番号: \S+$/);
  await expect(receipt).toBeVisible();
  return ((await receipt.textContent()) ?? '').replace('受付番号: ', '');
}

async function storedDraft(page: Page): Promise<string | null> {
  return page.evaluate((key) => sessionStorage.getItem(key), draftKey);
}

for (const brand of oneBrand(1)) {
  const simpleForms = Array.from({ length: simpleFormCount(brand) }, (_, index) => index + 1);

  test.describe(`${brand.id} estimate`, () => {
    test('the form chunk loads once, when the page is idle, before any tap; every opener reports its entry point', async ({
      page,
      consoleErrors,
    }) => {
      const formChunks: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/EstimateForm-[^/]+\.js$/.test(request.url())) {
          formChunks.push(request.url());
        }
      });
      await openLanding(page, brand.id);
      await expect(page.locator('[data-section="simple-form"]')).toHaveCount(simpleForms.length);
      // Not part of the first view, but fetched in idle time after hydration, untouched.
      const html = await page.evaluate(() => fetch('/').then((response) => response.text()));
      expect(html).not.toMatch(/EstimateForm-[^"]+\.js/);
      await expect.poll(() => formChunks.length).toBe(1);

      const dialog = estimateDialog(page);
      const openers: { entryPoint: string; open: () => Promise<void> }[] = [
        {
          entryPoint: 'header',
          open: () =>
            page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click(),
        },
        {
          entryPoint: 'cta',
          open: () => page.locator('[data-section="cta"]').getByRole('button').click(),
        },
        {
          entryPoint: 'tracking-footer',
          open: () => page.locator('[data-section="tracking-footer"]').getByRole('button').click(),
        },
        ...simpleForms.map((index) => ({
          entryPoint: `simple-form-${index}`,
          open: () => submitSimpleForm(page, index),
        })),
      ];
      for (const [i, opener] of openers.entries()) {
        await opener.open();
        await expect(dialog).toBeVisible();
        if (i === 0) await expect(dialog.getByLabel('車種')).toHaveValue('');
        if (opener.entryPoint.startsWith('simple-form')) await expectPrefilled(dialog);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      expect(formChunks).toHaveLength(1);
      const opens = (await trackedEvents(page)).filter((e) => e.event === 'estimate_open');
      expect(opens).toEqual(
        openers.map((opener) => ({
          event: 'estimate_open',
          brand: brand.id,
          entry_point: opener.entryPoint,
        })),
      );
      expect(consoleErrors).toEqual([]);
    });

    test('fields show Japanese messages at the field; full-width input and hiragana are accepted', async ({
      page,
    }) => {
      await openLanding(page, brand.id);
      await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      const dialog = estimateDialog(page);
      await expect(dialog).toBeVisible();
      await formCodeLoaded(dialog);
      await expect(dialog.getByRole('link', { name: /プライバシーポリシー/ })).toHaveAttribute(
        'href',
        '/privacypolicy',
      );
      // The consent line links the policy's 外部送信 section; the provision to the ad platforms is
      // a choice of its own, unticked, with the policy's 第三者提供 one tap away.
      await expect(dialog.getByRole('link', { name: /外部送信について/ })).toHaveAttribute(
        'href',
        '/privacypolicy#external-transmission',
      );
      await expect(
        dialog.getByRole('checkbox', { name: field('adConsent').formLabel }),
      ).not.toBeChecked();
      await expect(dialog.getByRole('link', { name: /第三者提供/ })).toHaveAttribute(
        'href',
        '/privacypolicy#third-party-provision',
      );

      await submitButton(dialog).click();
      const expected: [Locator, string][] = [
        [dialog.getByLabel('車検満了日の年'), '車検満了日の年を選択してください'],
        [dialog.getByLabel('車検満了日の月'), '車検満了日の月を選択してください'],
        [dialog.getByLabel('メーカー'), 'メーカーを選択してください'],
        [dialog.getByLabel('車種'), '車種を入力してください'],
        [dialog.getByLabel('郵便番号'), '郵便番号を入力してください'],
        [dialog.getByLabel('姓', { exact: true }), 'お名前（姓）を入力してください'],
        [dialog.getByLabel('名', { exact: true }), 'お名前（名）を入力してください'],
        [dialog.getByLabel('セイ', { exact: true }), 'フリガナ（セイ）を入力してください'],
        [dialog.getByLabel('メイ', { exact: true }), 'フリガナ（メイ）を入力してください'],
        [dialog.getByLabel('電話番号'), '電話番号を入力してください'],
        [dialog.getByLabel('メールアドレス'), 'メールアドレスを入力してください'],
        [
          dialog.getByRole('checkbox', { name: '個人情報の取扱いに同意する' }),
          '個人情報の取り扱いに同意してください',
        ],
      ];
      for (const [field, message] of expected) {
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(new RegExp(message));
      }
      // The error summary has the focus; its first link leads to the first field to fix.
      await expect(dialog.getByRole('alert')).toBeFocused();
      await dialog.getByRole('link', { name: '車検満了日の年を選択してください' }).click();
      await expect(dialog.getByLabel('車検満了日の年')).toBeFocused();

      const phone = dialog.getByLabel('電話番号');
      const email = dialog.getByLabel('メールアドレス');
      const kana = dialog.getByLabel('セイ', { exact: true });
      await phone.fill('１２３４５');
      await email.fill('taro@');
      await kana.fill('yamada');
      await kana.blur();
      await expect(phone).toHaveAccessibleDescription(
        /電話番号は市外局番から10桁または11桁で入力してください/,
      );
      await expect(email).toHaveAccessibleDescription(/正しいメールアドレスを入力してください/);
      await expect(kana).toHaveAccessibleDescription(/フリガナは全角カタカナで入力してください/);
      expect(await trackedEvents(page)).not.toContainEqual(
        expect.objectContaining({ event: 'estimate_submit' }),
      );

      // Full-width digits, hyphens and hiragana are forgiven.
      await phone.fill('０９０－１２３４－５６７８');
      await email.fill('taro@example.com');
      await kana.fill('やまだ');
      await dialog.getByLabel('郵便番号').fill('１２３－４５６７');
      await dialog.getByLabel('郵便番号').blur();
      for (const field of [phone, email, kana, dialog.getByLabel('郵便番号')]) {
        await expect(field).not.toHaveAttribute('aria-invalid', 'true');
      }
    });

    test('focus stays inside the dialog; Escape closes it and returns focus to the opener', async ({
      page,
    }) => {
      await openLanding(page, brand.id);
      const opener = page.getByRole('banner').getByRole('button', { name: '無料見積もり' });
      await opener.click();
      const dialog = estimateDialog(page);
      await expect(dialog.getByLabel('車種')).toBeVisible();
      await expect(dialog).toHaveAttribute('open', '');
      await formCodeLoaded(dialog);
      // 225 ms in, 125 ms out.
      expect(
        await dialog.evaluate((element) => getComputedStyle(element).transitionDuration),
      ).toMatch(/^0\.225s(, 0\.225s)*$/);
      const inside = () => dialog.evaluate((element) => element.contains(document.activeElement));
      expect(await inside()).toBe(true);
      // Tab past the last control and Shift+Tab before the first: focus wraps, never leaves.
      const first = dialog.getByRole('button', { name: '閉じる' });
      const last = submitButton(dialog);
      await last.focus();
      await page.keyboard.press('Tab');
      await expect(first).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(last).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      expect(
        await page
          .locator('dialog')
          .evaluate((element) => getComputedStyle(element).transitionDuration),
      ).toMatch(/^0\.125s(, 0\.125s)*$/);

      // The close button works the same way.
      await opener.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: '閉じる' }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test('a reload, or closing and reopening, in the middle of the form loses nothing', async ({
      page,
    }) => {
      await openLanding(page, brand.id);
      await submitSimpleForm(page, 1);
      const dialog = estimateDialog(page);
      await expect(dialog).toBeVisible();
      await expectPrefilled(dialog);
      const email = uniqueEmail(brand.id);
      await fillCustomer(dialog, email);
      await dialog.getByLabel('備考').fill('午前中の連絡を希望します。\n代車は軽自動車で。');
      await dialog.getByLabel('希望する', { exact: true }).check();

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('姓', { exact: true })).toHaveValue('山田');

      // The form's code keeps the draft once it has taken over (later on a busy machine).
      await expect.poll(() => storedDraft(page)).toContain('idempotencyKey');
      const before = JSON.parse((await storedDraft(page)) ?? '{}') as { idempotencyKey?: string };
      expect(before.idempotencyKey).toBeTruthy();

      await page.reload();
      await waitForApp(page);
      await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      await expect(dialog).toBeVisible();
      await expectPrefilled(dialog);
      await expect(dialog.getByLabel('姓', { exact: true })).toHaveValue('山田');
      await expect(dialog.getByLabel('名', { exact: true })).toHaveValue('花子');
      await expect(dialog.getByLabel('セイ', { exact: true })).toHaveValue(/^(やまだ|ヤマダ)$/);
      await expect(dialog.getByLabel('メイ', { exact: true })).toHaveValue(/^(はなこ|ハナコ)$/);
      await expect(dialog.getByLabel('電話番号')).toHaveValue(
        /^(０９０－１２３４－５６７８|090-?1234-?5678)$/,
      );
      await expect(dialog.getByLabel('メールアドレス')).toHaveValue(email);
      await expect(dialog.getByLabel('備考')).toHaveValue(
        '午前中の連絡を希望します。\n代車は軽自動車で。',
      );
      await expect(dialog.getByLabel('希望する', { exact: true })).toBeChecked();
      await expect(
        dialog.getByRole('checkbox', { name: '個人情報の取扱いに同意する' }),
      ).toBeChecked();

      // Sent after the reload, it is still the same draft: same key, attributed to the simple form.
      const request = page.waitForRequest(
        (r) => r.url().endsWith('/api/estimates') && r.method() === 'POST',
      );
      await submitButton(dialog).click();
      const sentWithKey = await request;
      expect(sentWithKey.headers()['idempotency-key']).toBe(before.idempotencyKey);
      await expect(
        dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' }),
      ).toBeVisible();
      // The one lead stored is the one answered to the draft's key.
      const { id } = (await (await sentWithKey.response())!.json()) as { id: string };
      const stored = await storedFor(brand.id, email);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        id,
        request: {
          entryPoint: 'header',
          request: { courtesyCar: 'yes', notes: '午前中の連絡を希望します。\n代車は軽自動車で。' },
          customer: storedCustomer(email),
        },
      });
    });

    test('a tab copied with its draft and a changed car: two tabs, two leads, two 受付番号', async ({
      page,
      context,
    }) => {
      await openLanding(page, brand.id);
      const email = uniqueEmail(`${brand.id}-copied`);
      const first = await fillFromHeader(page, email);
      await expect.poll(() => storedDraft(page)).toContain(email);
      const draft = await storedDraft(page);
      expect(draft).toContain('idempotencyKey');

      // The browser's "duplicate tab" copies sessionStorage: the draft and its key.
      const copy = await context.newPage();
      await copy.addInitScript(
        ([key, value]) => {
          if (!sessionStorage.getItem(key!)) sessionStorage.setItem(key!, value!);
        },
        [draftKey, draft],
      );
      await openLanding(copy, brand.id);
      await copy.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      const second = estimateDialog(copy);
      await expect(second.getByLabel('メールアドレス')).toHaveValue(email);
      await second.getByLabel('車種').fill('フィット');
      await submitButton(second).click();
      const copyReceipt = await receiptOf(second);

      // The first tab sends its own car under the key the copy used first.
      const keys: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/estimates') && request.method() === 'POST') {
          keys.push(request.headers()['idempotency-key'] ?? '');
        }
      });
      await submitButton(first).click();
      const firstReceipt = await receiptOf(first);

      expect(firstReceipt).not.toBe(copyReceipt);
      expect(keys).toHaveLength(2);
      expect(keys[1]).not.toBe(keys[0]);
      const stored = await storedFor(brand.id, email);
      expect(
        Object.fromEntries(stored.map((lead) => [lead.id, lead.request.vehicle.model])),
      ).toEqual({
        [copyReceipt]: 'フィット',
        [firstReceipt]: 'N-BOX',
      });
    });

    test('500, a timeout and offline keep the input; the retry stores exactly one request', async ({
      page,
      context,
    }) => {
      await page.clock.install();
      await openLanding(page, brand.id, '?utm_source=e2e&utm_campaign=spring&gclid=g1');
      // A second page view of the session: the entry URL must still be the first one.
      await page.goto(`${originFor(brand.id)}/`);
      await waitForApp(page);

      const sent: Request[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/estimates') && request.method() === 'POST') {
          sent.push(request);
        }
      });
      let attempt = 0;
      await page.route(apiUrl, async (route) => {
        attempt += 1;
        if (attempt === 1) {
          await route.fulfill({ status: 500, json: { error: 'boom' } });
        } else if (attempt === 2) {
          // Never answered: the client's own timeout has to end it.
        } else {
          await route.continue();
        }
      });

      await submitSimpleForm(page, 1);
      const dialog = estimateDialog(page);
      await expect(dialog).toBeVisible();
      const email = uniqueEmail(brand.id);
      await fillCustomer(dialog, email);
      const alert = dialog.getByRole('alert');
      const retry = dialog.getByRole('button', { name: '再送信' });

      // 1. The server answers 500.
      await submitButton(dialog).click();
      await expect(alert).toContainText('送信できませんでした');
      await expect(retry).toBeVisible();
      await expect(dialog.getByLabel('メールアドレス')).toHaveValue(email);
      await expect(dialog.getByLabel('姓', { exact: true })).toHaveValue('山田');

      // 2. The server never answers: the client gives up after its timeout.
      await retry.click();
      await expect.poll(() => sent.length).toBe(2);
      await expect(submitButton(dialog)).toBeHidden();
      await page.clock.runFor(20_000);
      await expect(alert).toContainText('送信できませんでした');
      await expect(retry).toBeEnabled();

      // 3. Offline.
      await context.setOffline(true);
      await retry.click();
      await expect.poll(() => sent.length).toBe(3);
      await expect(alert).toContainText('送信できませんでした');
      await expect(retry).toBeEnabled();
      await context.setOffline(false);
      expect(await storedFor(brand.id, email)).toEqual([]);
      expect(await storedDraft(page)).toContain(email);

      // 4. Back online: accepted.
      const accepted = page.waitForResponse(
        (response) => response.url().endsWith('/api/estimates') && response.status() === 201,
      );
      await retry.click();
      const { id } = (await (await accepted).json()) as { id: string };
      await expect(
        dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' }),
      ).toBeVisible();
      await expect(dialog).toContainText(id);
      const tel = dialog.getByRole('link', { name: brands[brand.id].phone });
      await expect(tel).toHaveAttribute('href', `tel:${brands[brand.id].phone.replace(/-/g, '')}`);

      const keys = sent.map((request) => request.headers()['idempotency-key']);
      expect(keys).toHaveLength(4);
      expect(keys[0]).toMatch(/^[\w-]{8,}$/);
      expect(new Set(keys).size).toBe(1);

      const stored = await storedFor(brand.id, email);
      expect(stored).toHaveLength(1);
      // The one lead stored is the one answered to the key every attempt carried.
      expect(stored[0]).toMatchObject({
        id,
        request: {
          brand: brand.id,
          entryPoint: 'simple-form-1',
          consent: true,
          vehicle: {
            expiryYear,
            expiryMonth: '3',
            maker: 'トヨタ',
            model: 'プリウス',
            postalCode: '1234567',
          },
          customer: storedCustomer(email),
          tracking: {
            source: 'e2e',
            campaign: 'spring',
            gaid: 'g1',
            lp_entry_url: '/?utm_source=e2e&utm_campaign=spring&gclid=g1',
            estimate_generated_url: '/',
          },
        },
      });
      expect(await storedDraft(page)).toBeNull();

      // A call from the completion view is reported too (the call itself is not placed here).
      await page.evaluate(() =>
        document.addEventListener('click', (event) => {
          if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault();
        }),
      );
      await tel.click();

      const params = { brand: brand.id, entry_point: 'simple-form-1' };
      const events = await trackedEvents(page);
      expect(events.filter((e) => e.event === 'estimate_open')).toEqual([
        { event: 'estimate_open', ...params },
      ]);
      expect(events.filter((e) => e.event === 'estimate_submit')).toEqual(
        Array(4).fill({ event: 'estimate_submit', ...params }),
      );
      expect(events.filter((e) => e.event === 'estimate_error')).toEqual([
        { event: 'estimate_error', ...params, error: 'server' },
        { event: 'estimate_error', ...params, error: 'timeout' },
        { event: 'estimate_error', ...params, error: 'network' },
      ]);
      // The conversion names the lead the API answered, and carries no personal data.
      expect(events.filter((e) => e.event === 'estimate_success')).toEqual([
        { event: 'estimate_success', ...params, estimate_id: id },
      ]);
      expect(JSON.stringify(events)).not.toContain(email);
      expect(events.filter((e) => e.event === 'phone_click')).toEqual([
        { event: 'phone_click', brand: brand.id, entry_point: 'estimate-complete' },
      ]);

      // After success the form starts empty.
      await dialog.getByRole('button', { name: '画面を閉じる' }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      await expect(dialog.getByLabel('メールアドレス')).toHaveValue('');
    });

    test('a double click on submit sends one request', async ({ page }) => {
      await openLanding(page, brand.id);
      const sent: Request[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/estimates') && request.method() === 'POST') {
          sent.push(request);
        }
      });
      const email = uniqueEmail(brand.id);
      const dialog = await fillFromHeader(page, email);
      await submitButton(dialog).dblclick();
      await expect(
        dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' }),
      ).toBeVisible();
      expect(sent).toHaveLength(1);
      const stored = await storedFor(brand.id, email);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.request).toMatchObject({ brand: brand.id, entryPoint: 'header' });
    });

    test("the server's 422 messages show at their fields, as text", async ({ page }) => {
      await openLanding(page, brand.id);
      const answered = { count: 0 };
      await page.route(apiUrl, async (route) => {
        answered.count += 1;
        await route.fulfill({
          status: 422,
          json: {
            errors: {
              'customer.email': '<b>このメールアドレスには送信できません</b>',
              'vehicle.postalCode': '郵便番号が見つかりません',
              surprise: '<img src=x onerror="window.__xss=1">確認できない項目',
            },
          },
        });
      });
      const email = uniqueEmail(brand.id);
      const dialog = await fillFromHeader(page, email);
      await submitButton(dialog).click();
      const emailField = dialog.getByLabel('メールアドレス');
      await expect(emailField).toHaveAccessibleDescription(
        /<b>このメールアドレスには送信できません<\/b>/,
      );
      await expect(dialog.getByLabel('郵便番号')).toHaveAccessibleDescription(
        /郵便番号が見つかりません/,
      );
      // The message with no field is the alert under the fields; the summary lists the others.
      const summary = dialog.getByRole('alert').filter({ hasText: '入力内容をご確認ください' });
      await expect(summary.getByRole('link', { name: /郵便番号が見つかりません/ })).toBeVisible();
      await expect(
        dialog.getByRole('alert').filter({ hasNotText: '入力内容をご確認ください' }),
      ).toContainText('<img src=x');
      await expect(dialog.locator('b, img')).toHaveCount(0);
      expect(await page.evaluate(() => 'window.__xss' in window || '__xss' in window)).toBe(false);
      // The first field the server named has the focus; what was typed is all still there.
      await expect(emailField).toBeFocused();
      await expect(emailField).toHaveValue(email);
      expect(answered.count).toBe(1);
      const errors = (await trackedEvents(page)).filter((e) => e.event === 'estimate_error');
      expect(errors).toEqual([
        { event: 'estimate_error', brand: brand.id, entry_point: 'header', error: 'invalid' },
      ]);
    });

    test('works when the tag manager never loads', async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') {
          errors.push(`${message.text()} @ ${message.location().url}`);
        }
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      const tagManagerRequests: string[] = [];
      await page.route(/googletagmanager\.com|google-analytics\.com/, (route) => {
        tagManagerRequests.push(route.request().url());
        return route.abort();
      });
      await openLanding(page, brand.id);
      expect(tagManagerRequests).toContainEqual(
        expect.stringContaining(`gtm.js?id=${gtmIds[brand.id]}`),
      );

      await page.evaluate(() =>
        document.addEventListener('click', (event) => {
          if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault();
        }),
      );
      await page.getByRole('banner').getByRole('link', { name: brands[brand.id].phone }).click();

      const email = uniqueEmail(brand.id);
      const dialog = await fillFromHeader(page, email);
      await submitButton(dialog).click();
      await expect(
        dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' }),
      ).toBeVisible();
      expect(await storedFor(brand.id, email)).toHaveLength(1);
      // (The funnel's progress events come between; e2e/form-aids.spec.ts checks them.)
      const events = (await trackedEvents(page))
        .filter((e) => e.event !== 'estimate_progress')
        .map((e) => `${e.event}:${String(e.entry_point)}`);
      expect(events).toEqual([
        'phone_click:header',
        'estimate_open:header',
        'estimate_submit:header',
        'estimate_success:header',
      ]);
      expect(errors.filter((error) => !error.includes('googletagmanager.com'))).toEqual([]);
    });
  });
}
