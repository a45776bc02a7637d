import { screen, within } from '@testing-library/react';
import { loadDraft } from '../../src/estimate/draft';
import { hasPendingInput } from '../../src/lib/pendingInput';
import { answer, created, networkError } from './estimateApi';
import {
  formTestApi,
  events,
  field,
  fillRequired,
  openDialog,
  renderDialog,
  select,
  submitButton,
} from './estimateFormHarness';

// What the form keeps (useEstimateDraft.ts): the draft across a close or a reload, the
// Idempotency-Key decided from the body sent, the price check's quote, and the page's reload.
const { requests, answers, sentBody } = formTestApi();

// Typing through user-event into the whole form takes seconds on a busy CI machine.
describe('EstimateForm keeps', { timeout: 20_000 }, () => {
  it('keeps everything after a network failure and resends with the same Idempotency-Key', async () => {
    answers.push(networkError);
    answers.push(created('EST-1'));
    const { user } = renderDialog();

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

  it('uses a new Idempotency-Key when the visitor changes the content after a failure', async () => {
    answers.push(answer(503, ''));
    answers.push(created('EST-2'));
    const { user } = renderDialog();

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

  it('restores the draft after a remount (a reload) with the same key', async () => {
    const first = renderDialog();
    await first.user.type(field('車種'), 'フィット');
    await first.user.type(field('電話番号'), '0312345678');
    const key = loadDraft()?.idempotencyKey;
    first.unmount();

    renderDialog({ entryPoint: 'tracking-footer' });

    expect(field('車種')).toHaveValue('フィット');
    expect(field('電話番号')).toHaveValue('0312345678');
    expect(loadDraft()?.idempotencyKey).toBe(key);
  });

  it('keeps what an opener wrote over the draft; the draft fills only what is empty', async () => {
    const first = renderDialog();
    await first.user.type(field('車種'), 'フィット');
    await first.user.type(field('姓'), '佐藤');
    first.unmount();

    renderDialog({
      entryPoint: 'simple-form-2',
      values: { 'vehicle.maker': 'ホンダ', 'vehicle.model': 'N-BOX', 'vehicle.expiryMonth': '3' },
    });

    expect(field('車種')).toHaveValue('N-BOX');
    expect(select('メーカー')).toHaveValue('ホンダ');
    expect(select('車検満了日の月')).toHaveValue('3');
    expect(field('姓')).toHaveValue('佐藤');
  });

  it('shows the price check’s rough total, prefills 初度登録年月 and sends both', async () => {
    answers.push(created('EST-7'));
    const { user } = renderDialog({
      entryPoint: 'price-check',
      values: {
        'vehicle.firstRegistrationYear': '2012',
        'vehicle.firstRegistrationMonth': '4',
        'quote.vehicleClass': 'upto-1000kg',
        'quote.roughTotal': '70550',
      },
    });
    // Shown once the dialog has painted (the re-render on open waits for that frame).
    expect(
      await screen.findByText(/ご覧になった概算：〜1\.0t・総額 例 70,550円〜/),
    ).toBeInTheDocument();
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
    const { user } = renderDialog();
    await fillRequired(user);
    await user.click(submitButton());
    await screen.findByRole('dialog', { name: 'お見積もり依頼を受け付けました' });
    expect(sentBody()).not.toHaveProperty('quote');
    expect(screen.queryByText(/ご覧になった概算/)).toBeNull();
  });

  it('closes from the 閉じる button and keeps the input for next time', async () => {
    const { user } = renderDialog();
    await user.type(field('車種'), 'ノート');

    await user.click(screen.getByRole('button', { name: '閉じる' }));

    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open');
    expect(hasPendingInput()).toBe(true);

    openDialog({ entryPoint: 'cta' });
    expect(screen.getByRole('dialog')).toHaveAttribute('open');
    expect(field('車種')).toHaveValue('ノート');
  });

  it('holds the page’s reload while open or holding input, and lets go after success', async () => {
    answers.push(created('EST-5'));
    const { user } = renderDialog();
    expect(hasPendingInput()).toBe(true);

    await fillRequired(user);
    await user.click(submitButton());
    await screen.findByRole('dialog', { name: 'お見積もり依頼を受け付けました' });
    expect(hasPendingInput()).toBe(false);

    await user.click(screen.getByRole('button', { name: '画面を閉じる' }));
    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open');
    expect(hasPendingInput()).toBe(false);

    // The next open starts an empty form with a new draft.
    openDialog();
    expect(screen.getByRole('dialog', { name: '無料お見積もり依頼' })).toBeInTheDocument();
    expect(field('車種')).toHaveValue('');
  });

  it('restores no quote from a draft: a reload opened elsewhere sends none, with a new key', async () => {
    answers.push(answer(503, ''));
    answers.push(created('EST-10'));
    const quoted = renderDialog({
      entryPoint: 'price-check',
      values: { 'quote.vehicleClass': 'kei', 'quote.roughTotal': '36740' },
    });
    await fillRequired(quoted.user);
    await quoted.user.click(submitButton());
    await screen.findByRole('alert');
    expect(sentBody()).toHaveProperty('quote');
    quoted.unmount();

    const { user } = renderDialog({ entryPoint: 'cta' });
    expect(screen.queryByText(/ご覧になった概算/)).toBeNull();
    await user.click(submitButton());
    await screen.findByRole('dialog', { name: 'お見積もり依頼を受け付けました' });
    expect(sentBody(1)).not.toHaveProperty('quote');
    expect(requests[1]?.headers.get('Idempotency-Key')).not.toBe(
      requests[0]?.headers.get('Idempotency-Key'),
    );
  });
});
