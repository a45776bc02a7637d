// What a visitor sees on a phone (360 and 390 px) and on a desktop, both brands: words never
// broken mid-phrase in the dialog, the completion view opening on its 受付番号, in-page links
// landing on their heading. Run: npx playwright test e2e/phone-views.spec.ts (after the build).
import type { Locator, Page } from '@playwright/test';
import {
  estimateDialog,
  fillEstimate,
  formCodeLoaded,
  submitButton,
  uniqueEmail,
} from './estimateForm';
import {
  brandList,
  expect,
  leadServer,
  openLanding,
  originFor,
  test,
  waitForApp,
} from './fixtures';

/** Words of `words` that a line break splits inside `scope` (each occurrence, by its rects). */
async function brokenWords(scope: Locator, words: readonly string[]): Promise<string[]> {
  return scope.evaluate((root, list) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
    for (const text of texts) {
      for (const word of list) {
        for (let at = text.data.indexOf(word); at >= 0; at = text.data.indexOf(word, at + 1)) {
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + word.length);
          // Off-screen (the honeypot's field) is not read.
          if (range.getBoundingClientRect().right <= 0) continue;
          const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(`${word}: ${text.data}`);
        }
      }
    }
    return broken;
  }, words);
}

/** How many lines the text of `element` takes. */
async function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
}

/** Distance from the bottom of the sticky header to the top of `selector`, in CSS pixels. */
async function belowHeader(page: Page, selector: string): Promise<number> {
  return page.evaluate((target) => {
    const header = document.querySelector('header')!.getBoundingClientRect();
    return document.querySelector(target)!.getBoundingClientRect().top - header.bottom;
  }, selector);
}

/** Until the page, scrolled from the top, has not moved for three frames (a smooth scroll ended). */
async function scrollSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = -1;
        let still = 0;
        const check = () => {
          still = window.scrollY > 0 && window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 3) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

const phoneWords = ['ください', '文字以内', 'ハッシュ化', '受付番号'];

for (const brand of brandList) {
  for (const width of [360, 390]) {
    test.describe(`${brand.id} at ${width}px`, () => {
      test.use({ viewport: { width, height: 740 }, hasTouch: true, isMobile: true });

      test('the dialog breaks between phrases; its receipt opens on the 受付番号, copy on one line', async ({
        page,
      }) => {
        await openLanding(page, brand.id);
        await page.locator('[data-section="tracking-footer"] button').click();
        const dialog = estimateDialog(page);
        await formCodeLoaded(dialog);
        // A refused submit: the error summary, the hints and the ad box, as a phone shows them.
        await submitButton(dialog).click();
        const summary = dialog.getByRole('alert').first();
        await expect(summary).toBeVisible();
        expect(await brokenWords(dialog.locator('form'), phoneWords)).toEqual([]);

        await fillEstimate(dialog, uniqueEmail(`phone-${width}`));
        await submitButton(dialog).click();
        const receipt = dialog.getByText(/^受付番号: \S+$/);
        await expect(receipt).toBeVisible();
        // In view under the dialog's header, not scrolled past, and nothing wider than the dialog.
        const title = dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' });
        const headerBottom = (await title.evaluate(
          (node) => node.parentElement!.getBoundingClientRect().bottom,
        )) as number;
        const receiptBox = (await receipt.boundingBox())!;
        expect(receiptBox.y).toBeGreaterThanOrEqual(headerBottom);
        await expect(receipt).toBeInViewport({ ratio: 1 });
        const copy = dialog.getByRole('button', { name: '番号をコピー' });
        await expect(copy).toBeInViewport({ ratio: 1 });
        expect(await lineCount(copy)).toBe(1);
        const overflow = await receipt.evaluate((node) => {
          const body = node.closest('dialog')!.lastElementChild!;
          return body.scrollWidth - body.clientWidth;
        });
        expect(overflow).toBe(0);
      });
    });
  }

  test.describe(`${brand.id} in-page links at 1280px`, () => {
    for (const motion of ['no-preference', 'reduce'] as const) {
      test.describe(`scrolling ${motion === 'reduce' ? 'at once' : 'smoothly'}`, () => {
        test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: motion });

        test('the price link and the first menu link land with their heading at the top', async ({
          page,
        }) => {
          const menuTarget = brand.menu.find((item) => item.target !== 'top')!.target;
          const links = [
            { name: '車種別の料金を見る', target: '#price' },
            {
              name: brand.menu.find((item) => item.target === menuTarget)!.label,
              target: `#${menuTarget}`,
            },
          ];
          for (const link of links) {
            // A fresh page each time: no section below the first view has been laid out yet.
            await page.goto(originFor(brand.id) + '/');
            await waitForApp(page);
            await page.getByRole('link', { name: link.name, exact: true }).first().click();
            await expect(page).toHaveURL(new RegExp(`${link.target}$`));
            await scrollSettled(page);
            const offset = await belowHeader(page, link.target);
            expect(offset, link.name).toBeGreaterThanOrEqual(0);
            expect(offset, link.name).toBeLessThan(24);
          }
        });
      });
    }
  });
}

// The staff on a phone: one brand at each width (the pages are the same code for both).
for (const [brand, width] of [
  [brandList[0]!, 360],
  [brandList[1]!, 390],
] as const) {
  test.describe(`${brand.id} staff at ${width}px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch: true, isMobile: true });

    test('a phone lead entered on a phone: days in Japanese, the number rings, no table cut off', async ({
      page,
    }) => {
      const origin = originFor(brand.id);
      await page.goto(`${origin}/staff/login`);
      await page.getByLabel('お名前（履歴に残ります）').fill('佐藤');
      await page.getByLabel('スタッフ用の共有キー').fill(leadServer.staffSecret);
      await page.getByRole('button', { name: 'サインイン' }).click();
      await page.goto(`${origin}/staff/new`);
      await page.getByLabel('お名前（姓）').fill('鈴木');
      const phone = `03${String(Date.now()).slice(-8)}`;
      await page.getByLabel('電話番号').fill(phone);
      await page.getByLabel('車検満了日').fill('2027年3月15日');
      await page.getByRole('button', { name: '記録する' }).click();
      await expect(page.getByRole('status')).toContainText('記録しました。');
      await expect(page.getByText('2027年3月15日', { exact: false }).first()).toBeVisible();
      await expect(page.locator(`a[href="tel:${phone}"]`)).toBeVisible();
      const cutOff = () =>
        page.evaluate(() =>
          [document.documentElement, ...document.querySelectorAll<HTMLElement>('.scroll')]
            .filter((box) => !box.querySelector('table.wide'))
            .map((box) => box.scrollWidth - box.clientWidth)
            .filter((overflow) => overflow > 0),
        );
      expect(await cutOff()).toEqual([]);

      await page.goto(`${origin}/staff/funnel`);
      const to = page.getByLabel('受付日（まで）');
      await expect(to).toHaveAttribute('type', 'text');
      await expect(to).toHaveValue(/^\d{4}年\d{1,2}月\d{1,2}日（.）$/u);
      expect(await cutOff()).toEqual([]);
      // A wide table scrolls with the name of each row kept in view.
      const rowName = page.locator('table.wide th[scope="row"]').first();
      await expect(rowName).toHaveCSS('position', 'sticky');
    });
  });
}
