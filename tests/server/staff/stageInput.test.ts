// The stage change's one schema (server/staff/forms/stage.ts): the staff API's JSON body through
// parseStageInput, the stage form's post through parseStageForm, with today's rules and messages.
import { parseStageForm } from '../../../server/staff/forms/stage';
import { parseStageInput as parseAt } from '../../../server/staff/stages';

/** Today, for a booking's range: 2026年11月25日 in Tokyo. */
const now = new Date('2026-11-25T01:00:00.000Z');
const parseStageInput = (body: unknown) => parseAt(body, now);

const refusal = (body: unknown) => {
  const parsed = parseStageInput(body);
  return parsed.ok ? {} : parsed.errors;
};

describe('a stage change (JSON or form)', () => {
  it('reads an 入庫日時 without an offset as Tokyo time, and one with an offset in Tokyo', () => {
    expect(
      parseStageInput({ stage: 'booked', bookedFor: '2027-01-20T10:00', shop: ' 本店 ' }),
    ).toEqual({
      ok: true,
      input: { stage: 'booked', bookedFor: '2027-01-20T10:00+09:00', shop: '本店' },
    });
    expect(
      parseStageInput({ stage: 'booked', bookedFor: '2027-01-20T01:00:00.000Z', shop: '本店' }),
    ).toMatchObject({ ok: true, input: { bookedFor: '2027-01-20T10:00+09:00' } });
  });

  it('wants a real 入庫日時 and a shop of at most 100 characters for 予約確定', () => {
    expect(refusal({ stage: 'booked' })).toEqual({
      bookedFor: '予約確定には入庫日時が必要です（例: 2027-01-20T10:00）。',
      shop: '予約確定には店舗が必要です。',
    });
    for (const bookedFor of ['2027-02-30T10:00', '2027-01-20T24:00', '2027/01/20 10:00']) {
      expect(refusal({ stage: 'booked', bookedFor, shop: '本店' })).toEqual({
        bookedFor: '入庫日時は「2027-01-20T10:00」の形で、実在する日時を入力してください。',
      });
    }
    const booking = { stage: 'booked', bookedFor: '2027-01-20T10:00' };
    expect(parseStageInput({ ...booking, shop: '店'.repeat(100) }).ok).toBe(true);
    expect(refusal({ ...booking, shop: '店'.repeat(101) })).toEqual({
      shop: '100文字以内で入力してください。',
    });
  });

  it('takes the 完了 amount as a JSON integer or the digits a form posts', () => {
    expect(parseStageInput({ stage: 'completed', amount: 54321 })).toEqual({
      ok: true,
      input: { stage: 'completed', amount: 54321 },
    });
    for (const amount of ['54,321', '５４，３２１円', ' 54321 ']) {
      expect(parseStageInput({ stage: 'completed', amount })).toMatchObject({
        input: { amount: 54321 },
      });
    }
    expect(parseStageInput({ stage: 'completed', amount: 0 }).ok).toBe(true);
  });

  it('refuses a missing amount, and one that is not an integer of 0 or more', () => {
    for (const amount of [undefined, null, '']) {
      expect(refusal({ stage: 'completed', amount })).toEqual({
        amount: '完了には請求金額（円・税込）が必要です。',
      });
    }
    for (const amount of [-1, 1.5, '-5', '12.5', '1e3', true, 2 ** 53]) {
      expect(refusal({ stage: 'completed', amount })).toEqual({
        amount: '請求金額は0以上10,000,000以下の整数（円・税込）で入力してください。',
      });
    }
  });

  it('refuses an amount above 10,000,000 yen, as JSON or as digits, and takes the cap itself', () => {
    for (const amount of [10_000_001, Number.MAX_SAFE_INTEGER, '10,000,001', '999999999999']) {
      expect(refusal({ stage: 'completed', amount })).toEqual({
        amount: '請求金額は0以上10,000,000以下の整数（円・税込）で入力してください。',
      });
    }
    for (const amount of [10_000_000, '10,000,000']) {
      expect(parseStageInput({ stage: 'completed', amount })).toMatchObject({
        input: { amount: 10_000_000 },
      });
    }
  });

  it('takes an 入庫日時 from today to a year on in Tokyo, and refuses one before or after', () => {
    const book = (bookedFor: string) => ({ stage: 'booked', bookedFor, shop: '本店' });
    for (const bookedFor of ['2026-11-25T09:00', '2027-11-25T18:00', '2026-11-24T15:00:00Z']) {
      expect(parseStageInput(book(bookedFor)).ok).toBe(true);
    }
    for (const bookedFor of ['2026-11-24T23:59', '2027-11-26T09:00', '9999-12-31T10:00']) {
      expect(refusal(book(bookedFor))).toEqual({
        bookedFor: '入庫日時は、今日から1年以内の日時を入力してください。',
      });
    }
  });

  it('wants a 失注 reason of at most 200 characters, and a 対象外 reason from the list', () => {
    expect(refusal({ stage: 'lost', reason: '  ' })).toEqual({
      reason: '失注の理由を入力してください。',
    });
    expect(parseStageInput({ stage: 'lost', reason: '他社'.repeat(100) }).ok).toBe(true);
    expect(refusal({ stage: 'lost', reason: `${'他社'.repeat(100)}に` })).toEqual({
      reason: '200文字以内で入力してください。',
    });
    expect(parseStageInput({ stage: 'excluded', reason: '重複' })).toEqual({
      ok: true,
      input: { stage: 'excluded', reason: '重複' },
    });
    for (const reason of ['そのほか', undefined]) {
      expect(refusal({ stage: 'excluded', reason })).toEqual({
        reason: '対象外の理由を選んでください（いたずら・重複）。',
      });
    }
  });

  it('answers an unknown stage, 新規 or none with the stage message alone', () => {
    for (const stage of ['new', 'done', undefined, 3]) {
      expect(refusal({ stage, amount: 'x' })).toEqual({
        stage: '段階を選んでください（連絡済み・予約確定・完了・失注・来店なし・対象外）。',
      });
    }
  });

  it('keeps only the fields the stage takes, and reads a non-string as not given', () => {
    expect(parseStageInput({ stage: 'contacted', shop: '本店', amount: 5, extra: 1 })).toEqual({
      ok: true,
      input: { stage: 'contacted' },
    });
    expect(refusal({ stage: 'booked', bookedFor: 20270120, shop: ['本店'] })).toEqual({
      bookedFor: '予約確定には入庫日時が必要です（例: 2027-01-20T10:00）。',
      shop: '予約確定には店舗が必要です。',
    });
  });

  it('answers a body that is not an object under "form"', () => {
    for (const body of ['booked', null, [], 42]) {
      expect(refusal(body)).toEqual({ form: '送信内容を読み取れませんでした。' });
    }
  });
});

describe('the stage form', () => {
  const posted = { stage: '', bookedFor: '', shop: '', amount: '', reason: '', excludedReason: '' };

  it('takes 対象外 from its select and 失注 from its text box', () => {
    expect(
      parseStageForm(
        { ...posted, stage: 'excluded', reason: '他社', excludedReason: 'いたずら' },
        now,
      ),
    ).toEqual({ ok: true, value: { stage: 'excluded', reason: 'いたずら' } });
    expect(
      parseStageForm({ ...posted, stage: 'lost', reason: '他社', excludedReason: 'いたずら' }, now),
    ).toEqual({ ok: true, value: { stage: 'lost', reason: '他社' } });
  });

  it('keys each message by the control that shows it', () => {
    expect(parseStageForm({ ...posted, stage: 'excluded', reason: '重複' }, now)).toEqual({
      ok: false,
      errors: { excludedReason: '対象外の理由を選んでください（いたずら・重複）。' },
    });
    expect(parseStageForm({ ...posted, stage: 'completed', amount: '-5' }, now)).toEqual({
      ok: false,
      errors: { amount: '請求金額は0以上10,000,000以下の整数（円・税込）で入力してください。' },
    });
    expect(parseStageForm(posted, now)).toEqual({
      ok: false,
      errors: {
        stage: '段階を選んでください（連絡済み・予約確定・完了・失注・来店なし・対象外）。',
      },
    });
  });
});
