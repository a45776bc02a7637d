// The dialog's booking step in a real browser on a phone, both brands, against the real API: the
// shops of the postal code, a free slot picked, sent, and the completion screen saying what the
// mail that follows says. The step's states (a taken slot, a failed read) are component tests
// (tests/estimate/BookingSection.test.tsx); the hold's rules, the server's (tests/server/booking/).
import { mailSender } from '../src/brand/mail';
import { shopLists } from '../src/content/companies';
import { shownShopName } from '../src/content/shops';
import { bookingLegend, slotLabel } from '../src/estimate/contract/booking';
import {
  estimateDialog,
  fillEstimate,
  formCodeLoaded,
  submitButton,
  uniqueEmail,
} from './estimateForm';
import { brandList, expect, mailDir, originFor, test } from './fixtures';
import { keptMails } from './keptMail';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

for (const brand of brandList) {
  // The brand's first shop: its own postal code makes it the nearest.
  const shop = shopLists[brand.id][0]!;
  const held = shop.confirmation === 'staff';

  test(`${brand.id}: a visitor picks the nearest shop's free slot and the completion says ${held ? '仮予約' : '予約確定'} with it`, async ({
    page,
  }) => {
    await page.goto(`${originFor(brand.id)}/#estimate`);
    const dialog = estimateDialog(page);
    await formCodeLoaded(dialog);
    const email = uniqueEmail(`${brand.id}-booking`);
    await fillEstimate(dialog, email);
    await dialog.getByLabel('郵便番号').fill(shop.postalCode);

    const step = dialog.getByRole('group', { name: bookingLegend });
    await expect(step.getByRole('radio', { name: shownShopName(shop) })).toBeChecked();
    const slot = step.locator('input[name="bookingStart"]:not([value=""]):enabled').first();
    const start = (await slot.getAttribute('value')) ?? '';
    await slot.check();
    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/api/estimates') && response.status() === 201,
    );
    await submitButton(dialog).click();
    const { id } = (await (await answered).json()) as { id: string };

    const title = held ? '仮予約を受け付けました' : 'ご予約が確定しました';
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    await expect(dialog).toContainText(`${held ? '仮予約' : '予約確定'}${slotLabel(start)}`);
    await expect(dialog).toContainText(shownShopName(shop));
    const manage = dialog.getByRole('link', { name: 'ご予約の確認・変更・キャンセル' });
    const manageUrl = (await manage.getAttribute('href')) ?? '';
    // The mail the screen promises is sent, with the same link.
    if (!mailSender(brand)) return;
    await expect(dialog).toContainText(
      `${held ? '仮予約' : '予約確定'}のメールを自動でお送りします`,
    );
    await expect
      .poll(async () => (await keptMails(mailDir, id)).find((mail) => mail.kind === 'booking'))
      .toBeDefined();
    const mail = (await keptMails(mailDir, id)).find((kept) => kept.kind === 'booking');
    expect(mail?.to).toEqual([email]);
    expect(mail?.parsed.text).toContain(manageUrl);
  });
}
