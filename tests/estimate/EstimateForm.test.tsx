import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { BrandProvider } from '../../src/brand/BrandProvider';
import { brands, telHref } from '../../src/brand/brands';
import { preferredDateBounds } from '../../src/estimate/contract/dates';
import { draftStorageKey, saveDraft } from '../../src/estimate/draft';
import { createDraft } from '../../src/estimate/draftRules';
import { emptyFormValues } from '../../src/estimate/contract/formValues';
import { answer, created } from './estimateApi';
import {
  formTestApi,
  Dialog,
  events,
  field,
  fillRequired,
  nextYear,
  renderDialog,
  select,
  submitButton,
  type TestWindow,
  sendEvents,
} from './estimateFormHarness';

// The form's status and rules: what it shows, validates and sends. The draft, the key and the
// quote are EstimateForm.draft.test.tsx's; the events' fields, estimateEvents.dom.test.ts's.
const { requests, answers, sentBody } = formTestApi();

// Typing through user-event into the whole form takes seconds on a busy CI machine.
describe('EstimateForm', { timeout: 20_000 }, () => {
  it('opens as a labelled modal dialog and reports estimate_open', () => {
    renderDialog({ entryPoint: 'cta' });

    const dialog = screen.getByRole('dialog', { name: '無料お見積もり依頼' });
    expect(dialog).toHaveAttribute('open');
    expect((window as TestWindow).dataLayer).toEqual([
      { event: 'estimate_open', brand: 'carsupport', entry_point: 'cta' },
    ]);
  });

  it('offers only the preferred dates the schema accepts, from tomorrow to six months ahead', () => {
    renderDialog();
    const { min, max } = preferredDateBounds();
    for (const label of [/^第1希望日/, /^第2希望日/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('min', min);
      expect(screen.getByLabelText(label)).toHaveAttribute('max', max);
    }
  });

  it('shows every required-field message at its field on submit, and a summary whose first link focuses the first', async () => {
    const { user } = renderDialog();

    await user.click(submitButton());

    const summary = screen.getByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent('入力内容をご確認ください');
    // The field has the focus when the click is done, not after a timer a busy phone runs late.
    fireEvent.click(
      within(summary).getByRole('link', { name: '車検満了日の年を選択してください' }),
    );
    const year = select('車検満了日の年');
    expect(year).toHaveFocus();
    expect(year).toHaveAttribute('aria-invalid', 'true');
    expect(year).toHaveAccessibleDescription('車検満了日の年を選択してください');
    expect(field('電話番号')).toHaveAccessibleDescription(
      expect.stringContaining('電話番号を入力してください'),
    );
    expect(
      screen.getByRole('checkbox', { name: /個人情報の取扱いに同意する/ }),
    ).toHaveAccessibleDescription('個人情報の取り扱いに同意してください');
    expect(requests).toHaveLength(0);
  });

  it('validates a field when the visitor leaves it', async () => {
    const { user } = renderDialog();

    await user.type(field('電話番号'), '03-1234');
    await user.tab();

    expect(field('電話番号')).toHaveAttribute('aria-invalid', 'true');
    expect(field('電話番号')).toHaveAccessibleDescription(
      expect.stringContaining('電話番号は市外局番から10桁または11桁で入力してください'),
    );
    expect(field('メールアドレス')).not.toHaveAttribute('aria-invalid');
  });

  it('reports a day the month does not have while the other fields are still empty', async () => {
    const { user } = renderDialog();
    const day = select('車検満了日の日（任意）');

    await user.selectOptions(select('車検満了日の年'), nextYear);
    await user.selectOptions(select('車検満了日の月'), '2');
    await user.selectOptions(day, '30');
    await user.click(submitButton());

    await waitFor(() => expect(day).toHaveAttribute('aria-invalid', 'true'));
    expect(day).toHaveAccessibleDescription(
      expect.stringContaining('車検満了日の日付が正しくありません'),
    );
    expect(field('車種')).toHaveAccessibleDescription(
      expect.stringContaining('車種を入力してください'),
    );
  });

  it('accepts full-width input, sends it normalised with tracking, then shows what happens next', async () => {
    document.cookie = `tracking_data=${encodeURIComponent(JSON.stringify({ source: 'google', gaid: 'g-1' }))}; path=/`;
    answers.push(created('EST-42'));
    const { user } = renderDialog({ entryPoint: 'simple-form-1' }, 'yamada');

    await fillRequired(user);
    await user.click(submitButton());

    const dialog = await screen.findByRole('dialog', { name: 'お見積もり依頼を受け付けました' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sentBody()).toMatchObject({
      brand: 'yamada',
      entryPoint: 'simple-form-1',
      vehicle: { expiryYear: nextYear, expiryMonth: '8', postalCode: '1234567' },
      customer: { phone: '09012345678', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' },
      consent: true,
      tracking: { source: 'google', gaid: 'g-1' },
    });
    expect(within(dialog).getByText('担当者からご連絡します')).toBeInTheDocument();
    // The receipt is promised as the brand sends it: from its domain, within minutes.
    expect(
      within(dialog).getByText('確認メールを自動でお送りします（数分以内）'),
    ).toBeInTheDocument();
    const receiptStep =
      within(dialog).getByText('確認メールを自動でお送りします（数分以内）').parentElement;
    expect(receiptStep).toHaveTextContent(/no-reply@yamada-shaken\.com から自動で/);
    expect(receiptStep).toHaveTextContent(/「yamada-shaken\.com」からのメールを受信できる/);
    expect(within(dialog).getByText(/EST-42/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '0120-012-402' })).toHaveAttribute(
      'href',
      'tel:0120012402',
    );
    expect(sessionStorage.getItem(draftStorageKey)).toBeNull();
    expect(events()).toEqual(['estimate_open', 'estimate_submit', 'estimate_success']);
    // The conversion names its lead; no personal data in any event by default.
    expect(sendEvents().at(-1)).toEqual({
      event: 'estimate_success',
      brand: 'yamada',
      entry_point: 'simple-form-1',
      estimate_id: 'EST-42',
    });
    expect(JSON.stringify((window as TestWindow).dataLayer)).not.toMatch(
      /taro@example|9012345678|山田|ヤマダ|1234567/,
    );
  });

  it('shows the server’s 422 messages at their fields', async () => {
    answers.push(
      answer(422, { errors: { 'customer.email': 'このメールアドレスは使用できません' } }),
    );
    const { user } = renderDialog();

    await fillRequired(user);
    await user.click(submitButton());

    const email = field('メールアドレス');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(
      expect.stringContaining('このメールアドレスは使用できません'),
    );
    expect(email).toHaveFocus();
    expect(sendEvents().at(-1)).toEqual({
      event: 'estimate_error',
      brand: 'carsupport',
      entry_point: 'header',
      error: 'invalid',
    });
  });

  it('blames no connection when the server fails, and offers the phone beside the retry', async () => {
    answers.push(answer(500, '{}'));
    const { user } = renderDialog();

    await fillRequired(user);
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('通信環境');
    expect(alert).toHaveTextContent('入力内容は保持されています。');
    expect(within(alert).getByRole('link')).toHaveAttribute(
      'href',
      telHref(brands.carsupport.phone),
    );
    expect(within(alert).getByRole('button', { name: '再送信' })).toHaveFocus();
  });

  it('sends one request however fast the button is clicked', async () => {
    let release: () => void = () => {};
    answers.push(
      () =>
        new Promise((resolve) => {
          release = () => resolve(created('EST-3')());
        }),
    );
    const { user } = renderDialog();

    await fillRequired(user);
    const button = submitButton();
    await user.dblClick(button);
    await user.click(button);

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('送信中…');
    release();
    await screen.findByRole('dialog', { name: 'お見積もり依頼を受け付けました' });
    expect(requests).toHaveLength(1);
  });

  it('takes over the prerendered form without resetting what was typed, and sends a held submit once', async () => {
    answers.push(created('EST-9'));
    const ui = (
      <BrandProvider brand="carsupport">
        <Dialog />
      </BrandProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    const form = container.querySelector('form')!;
    // Typed before the code arrived, then sent: the first-paint script held the submit.
    const typed: Record<string, string> = {
      'vehicle.expiryYear': nextYear,
      'vehicle.expiryMonth': '8',
      'vehicle.maker': 'トヨタ',
      'vehicle.model': 'プリウス',
      'vehicle.postalCode': '123-4567',
      'customer.lastName': '山田',
      'customer.firstName': '太郎',
      'customer.lastNameKana': 'ヤマダ',
      'customer.firstNameKana': 'タロウ',
      'customer.phone': '09012345678',
      'customer.email': 'taro@example.com',
    };
    for (const [name, value] of Object.entries(typed)) {
      (form.elements.namedItem(name) as HTMLInputElement).value = value;
    }
    (form.elements.namedItem('consent') as HTMLInputElement).checked = true;
    (form.elements.namedItem('entryPoint') as HTMLInputElement).value = 'cta';
    form.setAttribute('data-state', 'held');
    // An older draft: what was typed wins over it, it fills only what is empty.
    const older = createDraft(emptyFormValues());
    older.values.vehicle.model = 'フィット';
    older.values.request.notes = '前回の備考';
    saveDraft(older);

    await act(async () => {
      hydrateRoot(container, ui);
    });

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(sentBody()).toMatchObject({
      entryPoint: 'cta',
      vehicle: { model: 'プリウス', postalCode: '1234567', expiryYear: nextYear },
      customer: { lastName: '山田', email: 'taro@example.com' },
      request: { notes: '前回の備考' },
      consent: true,
    });
    await within(container).findByText(/EST-9/);
    expect(requests).toHaveLength(1);
    container.remove();
  });

  it('never cuts a paste: a count shows near the limit, and over it sending is refused at the field', async () => {
    const { user } = renderDialog();
    const last = field('姓');
    expect(last).not.toHaveAttribute('maxlength');
    await user.click(last);
    await user.paste('山'.repeat(24));
    expect(screen.getByText('24/30文字')).toBeInTheDocument();
    await user.paste('田'.repeat(11));
    expect(last).toHaveValue('山'.repeat(24) + '田'.repeat(11));
    expect(screen.getByText(/35\/30文字：5文字多いため送信できません/)).toBeInTheDocument();
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(last).toHaveAttribute('aria-invalid', 'true'));
    expect(requests).toHaveLength(0);
  });

  it('marks the form as its own once it has taken over', () => {
    renderDialog();
    const form = screen.getByRole('dialog').querySelector('form')!;
    expect(form).toHaveAttribute('data-state', 'enhanced');
    expect(form.noValidate).toBe(true);
  });
});
