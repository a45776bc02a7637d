// The pages the Worker renders (Hono's JSX), as staff and a visitor without JavaScript meet them on
// a phone: axe (WCAG 2.1 A/AA) on the staff's sign-in, inbox, phone lead, lead page, funnel and
// audit, and on the no-JS answers (refused, accepted). One brand: the pages do not depend on it.
import type { Page } from '@playwright/test';
import { validFormPost } from '../tests/factories/estimate';
import { axeViolations } from './axe';
import { expect, oneBrand, originFor, test } from './fixtures';
import { staffSecret } from './server';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Lists what axe found on the page as it stands, by the page's title. */
async function violations(page: Page) {
  return { title: await page.title(), found: await axeViolations(page) };
}

for (const brand of oneBrand(0)) {
  const origin = originFor(brand.id);

  test(`${brand.id}: the staff's pages have no WCAG 2.1 AA violation`, async ({ page }) => {
    await page.goto(`${origin}/staff/login`);
    expect(await violations(page)).toEqual({ title: expect.any(String), found: [] });
    await page.getByLabel(/お名前/).fill('佐藤');
    await page.getByLabel('スタッフ用の共有キー').fill(staffSecret);
    await page.getByRole('button', { name: 'サインイン' }).click();
    await expect(page.getByRole('heading', { name: '受信箱' })).toBeVisible();

    await page.getByRole('link', { name: '電話の受付を入力' }).click();
    expect(await violations(page)).toEqual({ title: expect.any(String), found: [] });
    await page.getByLabel('お名前（姓）').fill('山田');
    await page.getByLabel('電話番号').fill('123');
    await page.getByRole('button', { name: '記録する' }).click();
    // Refused: the error summary and the field's message are part of what is checked.
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await violations(page)).toEqual({ title: expect.any(String), found: [] });
    await page.getByLabel('電話番号').fill('090-1234-5678');
    await page.getByRole('button', { name: '記録する' }).click();
    await expect(page.getByRole('heading', { name: /^お見積もり依頼 / })).toBeVisible();
    expect(await violations(page)).toEqual({ title: expect.any(String), found: [] });

    for (const [link, heading] of [
      ['受信箱', '受信箱'],
      ['ファネル', 'ファネル'],
      ['操作の記録', '操作の記録'],
    ] as const) {
      await page.getByRole('navigation').getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      expect(await violations(page)).toEqual({ title: expect.any(String), found: [] });
    }
  });

  test(`${brand.id}: the no-JS answers have no WCAG 2.1 AA violation`, async ({ page }) => {
    // Posted as the browser posts the form without a script; read as the page the visitor gets.
    const post = (form: Record<string, string>) =>
      page.request.post(`${origin}/api/estimates`, { form, headers: { Origin: origin } });
    const refused = await post({ brand: brand.id, entryPoint: 'header' });
    expect(refused.status()).toBe(422);
    await page.setContent(await refused.text());
    expect(await violations(page)).toEqual({ title: expect.any(String), found: [] });

    const email = `a11y-${Date.now()}@example.com`;
    const accepted = await post(validFormPost(brand.id, { customer: { email } }));
    expect(accepted.status()).toBe(201);
    await page.setContent(await accepted.text());
    expect(await violations(page)).toEqual({ title: expect.any(String), found: [] });
  });
}
