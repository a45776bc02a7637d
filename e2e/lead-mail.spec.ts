// The lead mails on the local origin (server/node/localMail.ts): what the copy promises is what is
// written to MAIL_DIR, read back with a real parser.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { mailSender } from '../src/brand/mail';
import { estimateDialog, fillEstimate, uniqueEmail } from './estimateForm';
import { brandList, expect, mailDir, originFor, test } from './fixtures';

/** The mails written for `address` (To or Reply-To), parsed. */
async function mailsFor(address: string): Promise<ParsedMail[]> {
  const names = await readdir(mailDir).catch(() => [] as string[]);
  const mails = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .map(async (name) => simpleParser(await readFile(join(mailDir, name)))),
  );
  return mails.filter((mail) =>
    [mail.to, mail.replyTo].some((field) =>
      (Array.isArray(field) ? field : field ? [field] : []).some((entry) =>
        entry.value.some((value) => value.address === address),
      ),
    ),
  );
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
        await dialog.locator('button[type="submit"]').click();
        const receiptLine = page.getByText(/^受付番号: \S+/);
        await expect(receiptLine).toBeVisible();
        const id = (await receiptLine.locator('strong').textContent()) ?? '';
        await expect(page.getByText('確認メールを自動でお送りします（数分以内）')).toBeVisible();
        await expect(page.getByText(`「${sender.domain}」からのメールを受信できる`)).toBeVisible();

        await expect.poll(async () => (await mailsFor(email)).length).toBe(2);
        const mails = await mailsFor(email);
        const receipt = mails.find((mail) => mail.subject?.startsWith(`【${brand.name}】`));
        expect(receipt?.subject).toBe(
          `【${brand.name}】お見積もり依頼を受け付けました（受付番号 ${id}）`,
        );
        expect(receipt?.from?.value[0]?.address).toBe(sender.email);
        expect(receipt?.text).toContain(`受付番号: ${id}`);
        const notice = mails.find((mail) => mail !== receipt);
        expect(notice?.subject).toContain(`受付番号 ${id}`);
        expect(notice?.replyTo?.value[0]?.address).toBe(email);
      });
    });

    test('the completion screen and the e-mail hint promise the receipt as it is sent', async ({
      page,
    }) => {
      await page.goto(`${originFor(brand.id)}/`);
      await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      const dialog = estimateDialog(page);
      await expect(dialog.locator('form')).toHaveAttribute('data-state', 'enhanced');
      await expect(
        dialog.getByText(`受付確認メールを自動でお送りします（数分以内、${sender.domain} から）`),
      ).toBeVisible();
      const email = uniqueEmail(`${brand.id}-done`);
      await fillEstimate(dialog, email);
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog.getByText('確認メールを自動でお送りします（数分以内）')).toBeVisible();
      await expect(
        dialog.getByText(new RegExp(`${sender.email.replace('.', '\\.')} から自動で`)),
      ).toBeVisible();
      await expect.poll(async () => (await mailsFor(email)).length).toBe(2);
    });
  });
}
