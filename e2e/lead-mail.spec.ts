// The lead mails as the site sends them: through the Queue and each brand Worker's EMAIL binding,
// kept as .eml files in MAIL_DIR by the server's mail keeper (deploy/cloudflare/mailKeeper.ts),
// read back with a real parser: what the copy promises is what is sent.
import { mailSender } from '../src/brand/mail';
import {
  estimateDialog,
  fillEstimate,
  formCodeLoaded,
  submitButton,
  uniqueEmail,
} from './estimateForm';
import { brandList, expect, mailDir, originFor, test } from './fixtures';
import { keptMails, type KeptMail } from './keptMail';

/** Lead `id`'s receipt and shop notice, once both are kept (the Queue sends them a moment later). */
async function mailsOf(id: string): Promise<{ receipt?: KeptMail; notice?: KeptMail }> {
  await expect.poll(async () => (await keptMails(mailDir, id)).length).toBe(2);
  const mails = await keptMails(mailDir, id);
  return {
    receipt: mails.find((mail) => mail.kind === 'receipt'),
    notice: mails.find((mail) => mail.kind === 'shop-notice'),
  };
}

for (const brand of brandList) {
  const sender = mailSender(brand);
  if (!sender) continue;

  test.describe(`${brand.id} lead mail`, () => {
    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('a native post gives its receipt and the shop its notice, as the answer page says', async ({
        page,
      }) => {
        await page.goto(`${originFor(brand.id)}/`);
        await page.locator('[data-section="tracking-footer"]').getByRole('button').click();
        const dialog = estimateDialog(page);
        const email = uniqueEmail(`${brand.id}-mail`);
        await fillEstimate(dialog, email);
        await submitButton(dialog).click();
        const receiptLine = page.getByText(/^受付番号: \S+/);
        await expect(receiptLine).toBeVisible();
        const id = (await receiptLine.locator('strong').textContent()) ?? '';
        await expect(page.getByText('確認メールを自動でお送りします（数分以内）')).toBeVisible();
        await expect(page.getByText(`「${sender.domain}」からのメールを受信できる`)).toBeVisible();

        const { receipt, notice } = await mailsOf(id);
        expect(receipt?.subject).toBe(
          `【${brand.name}】お見積もり依頼を受け付けました（受付番号 ${id}）`,
        );
        expect(receipt?.from).toBe(sender.email);
        expect(receipt?.to).toEqual([email]);
        expect(receipt?.parsed.text).toContain(`受付番号: ${id}`);
        expect(notice?.subject).toContain(`受付番号 ${id}`);
        expect(notice?.parsed.replyTo?.value[0]?.address).toBe(email);
      });
    });

    test('the completion screen and the e-mail hint promise the receipt as it is sent', async ({
      page,
    }) => {
      await page.goto(`${originFor(brand.id)}/`);
      await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      const dialog = estimateDialog(page);
      await formCodeLoaded(dialog);
      await expect(
        dialog.getByText(`受付確認メールを自動でお送りします（数分以内、${sender.domain} から）`),
      ).toBeVisible();
      const email = uniqueEmail(`${brand.id}-done`);
      await fillEstimate(dialog, email);
      const answered = page.waitForResponse(
        (response) => response.url().endsWith('/api/estimates') && response.status() === 201,
      );
      await submitButton(dialog).click();
      const { id } = (await (await answered).json()) as { id: string };
      await expect(dialog.getByText('確認メールを自動でお送りします（数分以内）')).toBeVisible();
      await expect(
        dialog.getByText(new RegExp(`${sender.email.replace('.', '\\.')} から自動で`)),
      ).toBeVisible();
      const { receipt, notice } = await mailsOf(id);
      expect(receipt?.to).toEqual([email]);
      expect(notice?.parsed.replyTo?.value[0]?.address).toBe(email);
    });
  });
}
