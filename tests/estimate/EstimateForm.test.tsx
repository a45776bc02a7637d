import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { BrandProvider } from '../../src/brand/BrandProvider';
import { brands, telHref, type BrandId } from '../../src/brand/brands';
import { draftStorageKey, loadDraft } from '../../src/estimate/draft';
import EstimateModal, { type EstimateModalProps } from '../../src/estimate/EstimateModal';
import { hasPendingInput } from '../../src/lib/pendingInput';
import { trackingConfig } from '../../src/content/trackingConfig';
import { answer, created, estimateApi, networkError } from './estimateApi';

type TestWindow = Window & { dataLayer?: Record<string, unknown>[] };

// jsdom has <dialog> but not its methods.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

const { requests, answers } = estimateApi();

afterEach(() => {
  delete (window as TestWindow).dataLayer;
});

function renderModal(props: Partial<EstimateModalProps> = {}, brand: BrandId = 'carsupport') {
  const onClose = vi.fn();
  const all: EstimateModalProps = { open: true, entryPoint: 'header', onClose, ...props };
  const result = render(
    <BrandProvider brand={brand}>
      <EstimateModal {...all} />
    </BrandProvider>,
  );
  return { ...result, onClose, user: userEvent.setup() };
}

const nextYear = String(new Date().getFullYear() + 1);

function field(name: string) {
  return screen.getByRole('textbox', { name });
}

function select(name: string) {
  return screen.getByRole('combobox', { name });
}

/** Fills every required field the way a visitor on a phone might: full-width, with hyphens. */
async function fillRequired(user: UserEvent) {
  await user.selectOptions(select('車検満了日の年'), nextYear);
  await user.selectOptions(select('車検満了日の月'), '8');
  await user.selectOptions(select('メーカー'), 'トヨタ');
  await user.type(field('車種'), 'プリウス');
  await user.type(field('郵便番号'), '１２３－４５６７');
  await user.type(field('姓'), '山田');
  await user.type(field('名'), '太郎');
  await user.type(field('セイ'), 'やまだ');
  await user.type(field('メイ'), 'たろう');
  await user.type(field('電話番号'), '０９０－１２３４－５６７８');
  await user.type(field('メールアドレス'), 'taro@example.com');
  await user.click(screen.getByRole('checkbox', { name: '個人情報の取扱いに同意する' }));
}

function submitButton() {
  return screen.getByRole('button', { name: 'この内容で見積もりを依頼する' });
}

function sentBody(index = 0): Record<string, unknown> {
  return requests[index]?.body as Record<string, unknown>;
}

function events() {
  return ((window as TestWindow).dataLayer ?? []).map((entry) => entry.event);
}

// Typing through user-event into the whole form takes seconds on a busy CI machine.
describe('EstimateModal', { timeout: 20_000 }, () => {
  it('opens as a labelled modal dialog and reports estimate_open', () => {
    renderModal({ entryPoint: 'cta' });

    const dialog = screen.getByRole('dialog', { name: '無料お見積もり依頼' });
    expect(dialog).toHaveAttribute('open');
    expect((window as TestWindow).dataLayer).toEqual([
      { event: 'estimate_open', brand: 'carsupport', entry_point: 'cta' },
    ]);
  });

  it('shows every required-field message at its field on submit and focuses the first', async () => {
    const { user } = renderModal();

    await user.click(submitButton());

    const year = select('車検満了日の年');
    await waitFor(() => expect(year).toHaveFocus());
    expect(year).toHaveAttribute('aria-invalid', 'true');
    expect(year).toHaveAccessibleDescription('車検満了日の年を選択してください');
    expect(field('電話番号')).toHaveAccessibleDescription(
      expect.stringContaining('電話番号を入力してください'),
    );
    expect(screen.getByText('個人情報の取り扱いに同意してください')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('validates a field when the visitor leaves it', async () => {
    const { user } = renderModal();

    await user.type(field('電話番号'), '03-1234');
    await user.tab();

    expect(field('電話番号')).toHaveAttribute('aria-invalid', 'true');
    expect(field('電話番号')).toHaveAccessibleDescription(
      expect.stringContaining('電話番号は市外局番から10桁または11桁で入力してください'),
    );
    expect(field('メールアドレス')).not.toHaveAttribute('aria-invalid');
  });

  it('reports a day the month does not have while the other fields are still empty', async () => {
    const { user } = renderModal();
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
    const { user } = renderModal({ entryPoint: 'simple-form-1' }, 'yamada');

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
    expect(within(dialog).getByText('確認メールをお送りしました')).toBeInTheDocument();
    expect(within(dialog).getByText(/迷惑メールフォルダ/)).toBeInTheDocument();
    expect(within(dialog).getByText(/EST-42/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '0120-012-402' })).toHaveAttribute(
      'href',
      'tel:0120012402',
    );
    expect(sessionStorage.getItem(draftStorageKey)).toBeNull();
    expect(events()).toEqual(['estimate_open', 'estimate_submit', 'estimate_success']);
    // The conversion names its lead; no personal data in any event by default.
    expect((window as TestWindow).dataLayer?.at(-1)).toEqual({
      event: 'estimate_success',
      brand: 'yamada',
      entry_point: 'simple-form-1',
      estimate_id: 'EST-42',
    });
    expect(JSON.stringify((window as TestWindow).dataLayer)).not.toMatch(
      /taro@example|9012345678|山田|ヤマダ|1234567/,
    );
  });

  it('adds user_provided_data to estimate_success only when the brand turns on enhanced conversions', async () => {
    trackingConfig.carsupport.enhancedConversions = true;
    try {
      answers.push(created('EST-7'));
      const { user } = renderModal();

      await fillRequired(user);
      await user.click(submitButton());
      await screen.findByRole('dialog', { name: 'お見積もり依頼を受け付けました' });

      const layer = (window as TestWindow).dataLayer ?? [];
      expect(layer.slice(-2)).toEqual([
        {
          event: 'estimate_success',
          brand: 'carsupport',
          entry_point: 'header',
          estimate_id: 'EST-7',
          user_provided_data: { email: 'taro@example.com', phone_number: '+819012345678' },
        },
        // Cleared from the tag manager's model at once, so no later event carries it.
        { user_provided_data: null },
      ]);
      expect(JSON.stringify(layer.slice(0, -2))).not.toMatch(/taro@example|9012345678/);
    } finally {
      trackingConfig.carsupport.enhancedConversions = false;
    }
  });

  it('shows the server’s 422 messages at their fields', async () => {
    answers.push(
      answer(422, { errors: { 'customer.email': 'このメールアドレスは使用できません' } }),
    );
    const { user } = renderModal();

    await fillRequired(user);
    await user.click(submitButton());

    const email = field('メールアドレス');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(
      expect.stringContaining('このメールアドレスは使用できません'),
    );
    expect(email).toHaveFocus();
    expect((window as TestWindow).dataLayer?.at(-1)).toEqual({
      event: 'estimate_error',
      brand: 'carsupport',
      entry_point: 'header',
      error: 'invalid',
    });
  });

  it('keeps everything after a network failure and resends with the same Idempotency-Key', async () => {
    answers.push(networkError);
    answers.push(created('EST-1'));
    const { user } = renderModal();

    await fillRequired(user);
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      '送信できませんでした。通信環境をご確認のうえ、もう一度お試しください。入力内容は保持されています。',
    );
    expect(field('車種')).toHaveValue('プリウス');
    expect(loadDraft()?.values.vehicle.model).toBe('プリウス');
    // The submit button was disabled while sending: focus comes back to the retry, not the page.
    expect(within(alert).getByRole('button', { name: '再送信' })).toHaveFocus();

    await user.click(within(alert).getByRole('button', { name: '再送信' }));

    await screen.findByRole('dialog', { name: 'お見積もり依頼を受け付けました' });
    expect(requests).toHaveLength(2);
    const firstKey = requests[0]?.headers.get('Idempotency-Key');
    expect(firstKey).toBeTruthy();
    expect(requests[1]?.headers.get('Idempotency-Key')).toBe(firstKey);
    expect(events()).toEqual([
      'estimate_open',
      'estimate_submit',
      'estimate_error',
      'estimate_submit',
      'estimate_success',
    ]);
  });

  it('blames no connection when the server fails, and offers the phone beside the retry', async () => {
    answers.push(answer(500, '{}'));
    const { user } = renderModal();

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

  it('uses a new Idempotency-Key when the visitor changes the content after a failure', async () => {
    answers.push(answer(503, ''));
    answers.push(created('EST-2'));
    const { user } = renderModal();

    await fillRequired(user);
    await user.click(submitButton());
    await screen.findByRole('alert');
    await user.type(field('車種'), 'PHV');
    await user.click(submitButton());

    await screen.findByRole('dialog', { name: 'お見積もり依頼を受け付けました' });
    expect(requests[1]?.headers.get('Idempotency-Key')).not.toBe(
      requests[0]?.headers.get('Idempotency-Key'),
    );
    expect(sentBody(1)).toMatchObject({ vehicle: { model: 'プリウスPHV' } });
  });

  it('sends one request however fast the button is clicked', async () => {
    let release: () => void = () => {};
    answers.push(
      () =>
        new Promise((resolve) => {
          release = () => resolve(created('EST-3')());
        }),
    );
    const { user } = renderModal();

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

  it('restores the draft after a remount (a reload) with the same key', async () => {
    const first = renderModal();
    await first.user.type(field('車種'), 'フィット');
    await first.user.type(field('電話番号'), '0312345678');
    const key = loadDraft()?.idempotencyKey;
    first.unmount();

    renderModal({ entryPoint: 'tracking-footer' });

    expect(field('車種')).toHaveValue('フィット');
    expect(field('電話番号')).toHaveValue('0312345678');
    expect(loadDraft()?.idempotencyKey).toBe(key);
    expect(loadDraft()?.entryPoint).toBe('tracking-footer');
  });

  it('lays a simple form’s quick fields over the draft; the prefill wins', async () => {
    const first = renderModal();
    await first.user.type(field('車種'), 'フィット');
    await first.user.type(field('姓'), '佐藤');
    first.unmount();

    renderModal({
      entryPoint: 'simple-form-2',
      prefill: { maker: 'ホンダ', model: 'N-BOX', postalCode: '1000001', expiryMonth: '3' },
    });

    expect(field('車種')).toHaveValue('N-BOX');
    expect(select('メーカー')).toHaveValue('ホンダ');
    expect(select('車検満了日の月')).toHaveValue('3');
    expect(field('郵便番号')).toHaveValue('1000001');
    expect(field('姓')).toHaveValue('佐藤');
  });

  it('shows the price check’s rough total, prefills 初度登録年月 and sends both', async () => {
    answers.push(created('EST-7'));
    const { user } = renderModal({
      entryPoint: 'price-check',
      prefill: { firstRegistrationYear: '2012', firstRegistrationMonth: '4' },
      quote: { vehicleClass: 'upto-1000kg', roughTotal: 70550 },
    });
    expect(screen.getByText(/ご覧になった概算：〜1\.0t・総額 例 70,550円〜/)).toBeInTheDocument();
    expect(select('初度登録年月の年')).toHaveValue('2012');
    expect(select('初度登録年月の月')).toHaveValue('4');

    await fillRequired(user);
    await user.click(submitButton());
    await screen.findByRole('dialog', { name: 'お見積もり依頼を受け付けました' });
    expect(sentBody()).toMatchObject({
      entryPoint: 'price-check',
      vehicle: { firstRegistrationYear: '2012', firstRegistrationMonth: '4' },
      quote: { vehicleClass: 'upto-1000kg', roughTotal: 70550 },
    });
  });

  it('sends no quote when the estimate was not opened from the price check', async () => {
    answers.push(created('EST-8'));
    const { user } = renderModal();
    await fillRequired(user);
    await user.click(submitButton());
    await screen.findByRole('dialog', { name: 'お見積もり依頼を受け付けました' });
    expect(sentBody()).not.toHaveProperty('quote');
    expect(screen.queryByText(/ご覧になった概算/)).toBeNull();
  });

  it('closes from the 閉じる button and keeps the input for next time', async () => {
    const { user, onClose, rerender } = renderModal();
    await user.type(field('車種'), 'ノート');

    await user.click(screen.getByRole('button', { name: '閉じる' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open');
    expect(hasPendingInput()).toBe(true);

    rerender(
      <BrandProvider brand="carsupport">
        <EstimateModal open={false} entryPoint="header" onClose={onClose} />
      </BrandProvider>,
    );
    rerender(
      <BrandProvider brand="carsupport">
        <EstimateModal open entryPoint="cta" onClose={onClose} />
      </BrandProvider>,
    );
    expect(screen.getByRole('dialog')).toHaveAttribute('open');
    expect(field('車種')).toHaveValue('ノート');
  });

  it('holds the page’s reload while open or holding input, and lets go after success', async () => {
    answers.push(created('EST-5'));
    const { user, onClose, rerender } = renderModal();
    expect(hasPendingInput()).toBe(true);

    await fillRequired(user);
    await user.click(submitButton());
    await screen.findByRole('dialog', { name: 'お見積もり依頼を受け付けました' });
    expect(hasPendingInput()).toBe(false);

    await user.click(screen.getByRole('button', { name: '画面を閉じる' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    // What the provider does on onClose.
    rerender(
      <BrandProvider brand="carsupport">
        <EstimateModal open={false} entryPoint="header" onClose={onClose} />
      </BrandProvider>,
    );
    expect(hasPendingInput()).toBe(false);

    // The next open starts an empty form with a new draft.
    rerender(
      <BrandProvider brand="carsupport">
        <EstimateModal open entryPoint="header" onClose={onClose} />
      </BrandProvider>,
    );
    expect(screen.getByRole('dialog', { name: '無料お見積もり依頼' })).toBeInTheDocument();
    expect(field('車種')).toHaveValue('');
  });
});
