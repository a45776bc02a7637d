// The one way the e2e specs and the bench fill the estimate form (src/estimate/EstimateFields.tsx).
// Labels, not names: what a visitor sees is what is tested. The dialog is filled with the test
// factory's lead (tests/factories/estimate.ts); what the API stored is read in leadRecords.ts.
import { expect, type CDPSession, type Locator, type Page } from '@playwright/test';
import { nextExpiryYear, typedCustomer, validFormValues } from '../tests/factories/estimate';

/** A 車検満了日 year the form offers (last year to three years ahead). */
export const expiryYear = nextExpiryYear();

function fullWidth(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0));
}

let emailCounter = 0;
/** An address no other test uses, to find this test's stored request. */
export function uniqueEmail(label: string): string {
  emailCounter += 1;
  const random = Math.random().toString(36).slice(2, 10);
  return `e2e-${label}-${Date.now()}-${emailCounter}-${random}@example.com`;
}

/** The estimate dialog (there is one per page, on the landing page). */
export function estimateDialog(page: Page): Locator {
  return page.getByRole('dialog');
}

/**
 * Waits until the form's code has taken the dialog over (it loads in idle time, later on a busy
 * machine): what a test of the code's own behaviour (its messages, its focus trap) relies on.
 */
export async function formCodeLoaded(dialog: Locator): Promise<void> {
  await expect(dialog.locator('form')).toHaveAttribute('data-state', 'enhanced');
}

export function submitButton(dialog: Locator): Locator {
  return dialog.getByRole('button', { name: 'この内容で見積もりを依頼する' });
}

/** The vehicle fields, as a visitor opening the form from an opener fills them. */
export async function fillVehicle(
  dialog: Locator,
  vehicle: { model?: string; maker?: string } = {},
): Promise<void> {
  const values = { ...validFormValues().vehicle, ...vehicle };
  await dialog.getByLabel('車検満了日の年').selectOption(values.expiryYear);
  await dialog.getByLabel('車検満了日の月').selectOption(values.expiryMonth);
  await dialog.getByLabel('メーカー').selectOption(values.maker);
  await dialog.getByLabel('車種').fill(values.model);
  await dialog.getByLabel('郵便番号').fill(values.postalCode);
}

/** The required customer fields, typed with full-width digits, hyphens and hiragana. */
export async function fillCustomer(dialog: Locator, email: string): Promise<void> {
  const customer = typedCustomer(email);
  await dialog.getByLabel('姓', { exact: true }).fill(customer.lastName);
  await dialog.getByLabel('名', { exact: true }).fill(customer.firstName);
  await dialog.getByLabel('セイ', { exact: true }).fill(customer.lastNameKana);
  await dialog.getByLabel('メイ', { exact: true }).fill(customer.firstNameKana);
  await dialog.getByLabel('電話番号').fill(customer.phone);
  await dialog.getByLabel('メールアドレス').fill(email);
  await dialog.getByRole('checkbox', { name: '個人情報の取扱いに同意する' }).check();
}

/** Every required field of an open dialog. */
export async function fillEstimate(
  dialog: Locator,
  email: string,
  vehicle: { model?: string; maker?: string } = {},
): Promise<void> {
  await fillVehicle(dialog, vehicle);
  await fillCustomer(dialog, email);
}

/**
 * Types `reading` into the focused field through the IME (CDP), kana by kana as a phone's keyboard
 * gives them, then commits `text` (the candidate picked). vanilla-autokana, the furigana's
 * library, reads the field every 30 ms while it has focus: each kana is held 60 ms.
 */
export async function imeCompose(
  page: Page,
  cdp: CDPSession,
  reading: string,
  text: string,
): Promise<void> {
  for (let end = 1; end <= reading.length; end += 1) {
    await cdp.send('Input.imeSetComposition', {
      text: reading.slice(0, end),
      selectionStart: end,
      selectionEnd: end,
    });
    await page.waitForTimeout(60);
  }
  await cdp.send('Input.insertText', { text });
}

/** Fills simple form N the way a visitor on a Japanese keyboard might. */
export async function fillSimpleForm(
  page: Page,
  index: number,
  model = 'プリウス',
): Promise<Locator> {
  const form = page.locator(`#simple-form-${index} form`);
  await form.getByRole('textbox').first().fill(fullWidth(expiryYear));
  await form.locator('select').first().selectOption('3');
  await form.getByLabel('メーカー').selectOption('トヨタ');
  await form.getByLabel('車種').fill(model);
  await form.getByLabel('郵便番号').fill('１２３－４５６７');
  return form;
}

/** Fills simple form N and submits it. */
export async function submitSimpleForm(page: Page, index: number, model?: string): Promise<void> {
  const form = await fillSimpleForm(page, index, model);
  await form.getByRole('button').click();
}
