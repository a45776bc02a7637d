// Issue 10, the estimate path: every option a form offers reaches an accepted request, and no tap
// or typed value is lost at any moment after first paint (scripts held back, JavaScript off, the
// modal's code failing). Both brands, in a real browser. No timings here: they are in the bench.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page, Route } from '@playwright/test';
import { brands, type BrandId } from '../src/brand/brands';
import { dayOptions, makers, monthOptions } from '../src/estimate/options';
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
} from './fixtures';

const entryModule = /\/assets\/index-[\w-]+\.js$/;
const modalChunk = /\/assets\/EstimateModal-[\w-]+\.js$/;

const tokyoYear = Number(
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(new Date()),
);
const expiryYear = String(tokyoYear + 1);

let emailCounter = 0;
function uniqueEmail(brand: BrandId): string {
  emailCounter += 1;
  const random = Math.random().toString(36).slice(2, 10);
  return `e2e-path-${brand}-${Date.now()}-${emailCounter}-${random}@example.com`;
}

type Stored = {
  body: {
    entryPoint: string;
    vehicle: Record<string, string>;
    tracking: Record<string, string>;
  };
};

async function storedFor(email: string): Promise<Stored[]> {
  const text = await readFile(estimatesFile, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.includes(email))
    .map((line) => JSON.parse(line) as Stored);
}

async function estimateOpens(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as Window & { dataLayer?: Record<string, unknown>[] }).dataLayer ?? [])
      .filter((entry) => entry.event === 'estimate_open')
      .map((entry) => String(entry.entry_point)),
  );
}

/** The landing page with the cta in business hours (its hours cookies span the day). */
async function allowCta(context: BrowserContext, brand: BrandId): Promise<void> {
  const url = originFor(brand);
  await context.addCookies([
    { name: 'business_start_time', value: '0:00', url },
    { name: 'business_end_time', value: '23:59', url },
  ]);
}

async function fillSimpleForm(page: Page, index: number, maker: string): Promise<Locator> {
  const form = page.locator(`#simple-form-${index} form`);
  await form.locator('[name="expiryYear"]').fill(expiryYear);
  await form.locator('[name="expiryMonth"]').selectOption('4');
  await form.locator('[name="expiryDay"]').selectOption('15');
  await form.locator('[name="maker"]').selectOption(maker);
  await form.locator('[name="model"]').fill('テスト車');
  await form.locator('[name="postalCode"]').fill('100-0001');
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
  await dialog.getByLabel('姓', { exact: true }).fill('山田');
  await dialog.getByLabel('名', { exact: true }).fill('太郎');
  await dialog.getByLabel('セイ', { exact: true }).fill('ヤマダ');
  await dialog.getByLabel('メイ', { exact: true }).fill('タロウ');
  await dialog.getByLabel('電話番号').fill('09012345678');
  await dialog.getByLabel('メールアドレス').fill(email);
  await dialog.getByRole('checkbox', { name: '個人情報の取扱いに同意する' }).check();
  await dialog.getByRole('button', { name: 'この内容で見積もりを依頼する' }).click();
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
      await allowCta(page.context(), brand.id);
      await page.goto(`${origin}/`);
      await waitForApp(page);
      // Both forms offer the same list, the one the schema accepts.
      const simpleMakers = await page
        .locator('#simple-form-1 select[name="maker"] option:not([value=""])')
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
        const stored = await storedFor(email);
        expect(stored, maker).toHaveLength(1);
        expect(stored[0]?.body).toMatchObject({
          entryPoint: `simple-form-${index}`,
          vehicle: { maker, expiryYear, expiryMonth: '4', expiryDay: '15', postalCode: '1000001' },
        });
        await dialog.getByRole('button', { name: '画面を閉じる' }).click();
        await expect(dialog).toBeHidden();
      }
    });

    test('an opener tap while the scripts are held back opens the modal once they run', async ({
      page,
      consoleErrors,
    }) => {
      await allowCta(page.context(), brand.id);
      const release = await holdRequests(page, entryModule);
      const entryRequested = page.waitForRequest(entryModule);
      await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' });
      await entryRequested;

      const opener = page.locator('[data-section="tracking-footer"] [data-estimate-opener]');
      await opener.click();
      // Answered at once, although nothing but the inline loader runs yet.
      await expect(opener).toHaveAttribute('aria-busy', 'true');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      release();
      await waitForApp(page);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel('車種')).toBeVisible();
      await expect(dialog.getByLabel('車種')).toHaveValue('');
      await expect(opener).not.toHaveAttribute('aria-busy');
      expect(await estimateOpens(page)).toEqual(['tracking-footer']);
      expect(consoleErrors).toEqual([]);
    });

    test('a simple-form submit while the scripts are held back keeps its values and its form', async ({
      page,
    }) => {
      await allowCta(page.context(), brand.id);
      const release = await holdRequests(page, entryModule);
      const entryRequested = page.waitForRequest(entryModule);
      await page.goto(`${origin}/?utm_source=held`, { waitUntil: 'domcontentloaded' });
      await entryRequested;

      const maker = makers[makers.length - 1]!;
      const form = await fillSimpleForm(page, lastForm, maker);
      let documentRequests = 0;
      page.on('request', (request) => {
        if (request.isNavigationRequest()) documentRequests += 1;
      });
      await form.getByRole('button').click();
      await expect(form.getByRole('button')).toHaveAttribute('aria-busy', 'true');
      // No native GET: the page and its URL stay as they were.
      expect(page.url()).toBe(`${origin}/?utm_source=held`);

      release();
      await waitForApp(page);
      const dialog = page.getByRole('dialog');
      await expectPrefilled(dialog, maker);
      expect(documentRequests).toBe(0);
      expect(await estimateOpens(page)).toEqual([`simple-form-${lastForm}`]);

      const email = uniqueEmail(brand.id);
      await fillCustomerAndSend(dialog, email);
      expect((await storedFor(email))[0]?.body).toMatchObject({
        entryPoint: `simple-form-${lastForm}`,
        vehicle: { maker },
        tracking: { source: 'held' },
      });
    });

    test('JavaScript off: the form GETs this page with its values; with JavaScript they open the modal and leave the URL', async ({
      browser,
    }) => {
      // 1. Without JavaScript the simple form sends its values to this same page.
      const noScript = await browser.newContext({ javaScriptEnabled: false });
      const plain = await noScript.newPage();
      await plain.goto(`${origin}/`);
      const maker = 'いすゞ';
      const form = await fillSimpleForm(plain, 1, maker);
      await Promise.all([plain.waitForURL(/estimateEntry=/), form.getByRole('button').click()]);
      const sent = new URL(plain.url());
      expect(sent.pathname).toBe('/');
      expect(Object.fromEntries(sent.searchParams)).toEqual({
        expiryYear,
        expiryMonth: '4',
        expiryDay: '15',
        maker,
        model: 'テスト車',
        postalCode: '100-0001',
        estimateEntry: 'simple-form-1',
      });
      await noScript.close();

      // 2. The same address, with campaign parameters, in a browser that runs scripts and already
      // holds attribution from earlier in the day.
      const context = await browser.newContext();
      await context.route(/googletagmanager\.com|google-analytics\.com/, (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
      );
      await allowCta(context, brand.id);
      await context.addCookies([
        {
          name: 'tracking_data',
          value: encodeURIComponent(JSON.stringify({ campaign: 'earlier' })),
          url: origin,
        },
      ]);
      const page = await context.newPage();
      sent.searchParams.set('utm_source', 'nojs');
      sent.searchParams.set('gclid', 'g-1');
      sent.hash = 'simple-form-1';
      await page.goto(sent.href);
      await waitForApp(page);
      const dialog = page.getByRole('dialog');
      await expectPrefilled(dialog, maker);
      expect(await estimateOpens(page)).toEqual(['simple-form-1']);
      // The form's fields are gone from the address; the rest stays, attribution included.
      expect(new URL(page.url()).search).toBe('?utm_source=nojs&gclid=g-1');
      expect(new URL(page.url()).hash).toBe('#simple-form-1');
      await expect
        .poll(async () => {
          const cookie = (await context.cookies()).find((c) => c.name === 'tracking_data');
          return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as object) : {};
        })
        .toMatchObject({ source: 'nojs', gaid: 'g-1', campaign: 'earlier' });

      const email = uniqueEmail(brand.id);
      await fillCustomerAndSend(dialog, email);
      expect((await storedFor(email))[0]?.body).toMatchObject({
        entryPoint: 'simple-form-1',
        vehicle: { maker },
        tracking: { source: 'nojs', gaid: 'g-1', campaign: 'earlier' },
      });
      // A reload does not open it again.
      await page.reload();
      await waitForApp(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await context.close();
    });

    test('the modal code failing once after a simple-form submit: one reload, the modal comes back with the values', async ({
      page,
    }) => {
      await allowCta(page.context(), brand.id);
      // The idle prefetch waits; the submit's request fails once (a deploy removed the chunk).
      let armed = false;
      let failures = 0;
      let requested = 0;
      let releasePrefetch!: () => void;
      const prefetchHeld = new Promise<void>((resolve) => (releasePrefetch = resolve));
      await page.route(modalChunk, async (route) => {
        requested += 1;
        if (failures === 0) {
          await prefetchHeld;
          if (armed) {
            failures += 1;
            await route.abort('failed');
            return;
          }
        }
        await route.continue();
      });
      let loads = 0;
      page.on('load', () => (loads += 1));

      await page.goto(`${origin}/`);
      await waitForApp(page);
      // The idle prefetch asked for the code before any tap.
      await expect.poll(() => requested).toBeGreaterThan(0);

      const maker = 'その他（国産車）';
      const form = await fillSimpleForm(page, 1, maker);
      await form.getByRole('button').click();
      armed = true;
      releasePrefetch();

      await expect.poll(() => loads).toBe(2);
      await waitForApp(page);
      const dialog = page.getByRole('dialog');
      await expectPrefilled(dialog, maker);
      expect(failures).toBe(1);
      const email = uniqueEmail(brand.id);
      await fillCustomerAndSend(dialog, email);
      expect((await storedFor(email))[0]?.body).toMatchObject({
        entryPoint: 'simple-form-1',
        vehicle: { maker },
      });
    });

    test('a tap while the modal code is on its way gets the dialog at once, then the form', async ({
      page,
    }) => {
      await allowCta(page.context(), brand.id);
      const release = await holdRequests(page, modalChunk);
      await page.goto(`${origin}/`);
      await waitForApp(page);
      const opener = page.getByRole('banner').getByRole('button', { name: '無料見積もり' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: '無料お見積もり依頼' });
      await expect(dialog.getByRole('status')).toHaveText('読み込み中…');
      release();
      await expect(dialog.getByLabel('車種')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(1);
      // Focus stays in the dialog and goes back to the opener on close, as for any open.
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(opener).toBeFocused();
      expect(await estimateOpens(page)).toEqual(['header']);
    });

    test('the local API accepts every 車検満了日 year, month and day the forms offer', async ({
      request,
    }) => {
      const years = [tokyoYear - 1, tokyoYear, tokyoYear + 1, tokyoYear + 2, tokyoYear + 3];
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
            customer: {
              lastName: '山田',
              firstName: '太郎',
              lastNameKana: 'ヤマダ',
              firstNameKana: 'タロウ',
              phone: '09012345678',
              email: uniqueEmail(brand.id),
            },
            request: {},
            consent: true,
            tracking: {},
          },
        });
        expect(response.status(), JSON.stringify(dates)).toBe(201);
      }
    });

    test('the modal code that cannot load at all: the phone number and a retry that works', async ({
      page,
    }) => {
      await allowCta(page.context(), brand.id);
      let blocked = true;
      let refused = 0;
      await page.route(modalChunk, (route) => {
        if (!blocked) return route.continue();
        refused += 1;
        return route.abort('failed');
      });
      let loads = 0;
      page.on('load', () => (loads += 1));
      await page.goto(`${origin}/`);
      await waitForApp(page);
      // The idle prefetch fails quietly: nobody asked for the modal yet, so no reload.
      await expect.poll(() => refused).toBeGreaterThan(0);
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      expect(loads).toBe(1);
      const form = await fillSimpleForm(page, 1, '輸入車');
      await form.getByRole('button').click();

      // One guarded reload, then the dialog says what happened (after a second page load).
      const dialog = page.getByRole('dialog');
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText('フォームを読み込めませんでした', { timeout: 15_000 });
      expect(loads).toBe(2);
      await expect
        .poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity))
        .toBe('1');
      const axe = await new AxeBuilder({
        page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'],
      })
        .include('dialog')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(axe.violations.map((violation) => violation.id)).toEqual([]);
      const phone = brands[brand.id].phone;
      await expect(alert.getByRole('link', { name: phone })).toHaveAttribute(
        'href',
        `tel:${phone.replace(/-/g, '')}`,
      );
      blocked = false;
      await alert.getByRole('button', { name: 'もう一度読み込む' }).click();
      await expectPrefilled(dialog, '輸入車');
    });
  });
}
