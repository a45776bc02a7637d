// The phone lead's form (server/staff/forms/phoneLead.ts): what the estimate refuses for a field
// it shares, the phone lead refuses with the same message; only the name and phone are required.
import { safeParse } from 'valibot';
import {
  estimateFormSchema,
  fieldErrors,
} from '../../../src/estimate/contract/validation/estimateSchema';
import { parsePhoneLead } from '../../../server/staff/forms/phoneLead';
import { freezeDateAtFixedNow } from '../../estimate/fixedNow';
import { validFormValues } from '../../factories/estimate';

freezeDateAtFixedNow();

const minimal = { lastName: '鈴木', phone: '03-1234-5678' };

function refusal(fields: Record<string, string>): Record<string, string> {
  const parsed = parsePhoneLead({ ...minimal, ...fields });
  return parsed.ok ? {} : parsed.errors;
}

/** The estimate's message for one field's value, {} when it takes it. */
function estimateRefusal(group: 'vehicle' | 'customer', key: string, value: string) {
  const values = validFormValues({ [group]: { [key]: value } });
  const parsed = safeParse(estimateFormSchema, values);
  return parsed.success ? {} : fieldErrors(parsed.issues);
}

describe('the phone lead', () => {
  it('keeps what the estimate would keep, from what the staff type', () => {
    const parsed = parsePhoneLead({
      lastName: ' 山田 ',
      firstName: '花子',
      kana: 'やまだ　はなこ',
      phone: '０９０－１２３４－５６７８',
      maker: 'ﾄﾖﾀ',
      model: ' プリウス ',
      expiry: '2027-03-15',
      note: '午前中に\n電話希望',
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        lastName: '山田',
        firstName: '花子',
        lastNameKana: 'ヤマダ',
        firstNameKana: 'ハナコ',
        phone: '09012345678',
        email: '',
        maker: 'トヨタ',
        model: 'プリウス',
        expiryYear: '2027',
        expiryMonth: '3',
        expiryDay: '15',
        notes: '午前中に\n電話希望',
      },
    });
  });

  it('needs only the name and the phone, with the estimate’s messages', () => {
    expect(parsePhoneLead(minimal)).toEqual({
      ok: true,
      value: {
        lastName: '鈴木',
        firstName: '',
        lastNameKana: '',
        firstNameKana: '',
        phone: '0312345678',
        email: '',
        maker: '',
        model: '',
        notes: '',
      },
    });
    expect(parsePhoneLead({ lastName: ' ', kana: '', expiry: '' })).toEqual({
      ok: false,
      errors: { lastName: 'お名前（姓）を入力してください', phone: '電話番号を入力してください' },
    });
  });

  it('takes a name with a space, and a reading without one as the セイ alone', () => {
    expect(parsePhoneLead({ ...minimal, lastName: 'デ　ラ', kana: 'デラ' })).toMatchObject({
      value: { lastName: 'デ ラ', lastNameKana: 'デラ', firstNameKana: '' },
    });
  });

  it('refuses ヤマダ・ハナコ as フリガナ, as the estimate does', () => {
    expect(refusal({ kana: 'ヤマダ・ハナコ' })).toEqual({
      kana: 'フリガナは全角カタカナで入力してください',
    });
    for (const kana of ['ヤマダ・ハナコ', 'yamada', '山田', 'やまだ', 'ﾔﾏﾀﾞ', 'ア'.repeat(31)]) {
      const estimate = estimateRefusal('customer', 'lastNameKana', kana);
      expect(refusal({ kana }), kana).toEqual(
        'customer.lastNameKana' in estimate ? { kana: estimate['customer.lastNameKana'] } : {},
      );
    }
  });

  it('refuses a 車検満了日 the estimate refuses, with its messages', () => {
    expect(refusal({ expiry: '2027-13' })).toEqual({ expiry: '車検満了日の月が正しくありません' });
    expect(refusal({ expiry: '2031-01-10' })).toEqual({
      expiry: '車検満了日の年は2025年〜2029年から選択してください',
    });
    expect(refusal({ expiry: '2027-02-30' })).toEqual({
      expiry: '車検満了日の日付が正しくありません',
    });
    expect(refusal({ expiry: '来年の春' })).toEqual({
      expiry: '車検満了日の日付が正しくありません',
    });
  });

  it('keeps the whole 車検満了日 as staff write it, or its month alone', () => {
    for (const expiry of [
      '2027-03-15',
      '2027年3月15日',
      '2027/3/15',
      '２０２７年３月１５日（月）',
    ]) {
      expect(parsePhoneLead({ ...minimal, expiry }), expiry).toMatchObject({
        value: { expiryYear: '2027', expiryMonth: '3', expiryDay: '15' },
      });
    }
    for (const expiry of ['2027-03', '２０２７／３', '2027年3月']) {
      const parsed = parsePhoneLead({ ...minimal, expiry });
      expect(parsed, expiry).toMatchObject({ value: { expiryYear: '2027', expiryMonth: '3' } });
      expect(parsed.ok && parsed.value.expiryDay, expiry).toBeUndefined();
    }
  });

  it('takes an e-mail address as the estimate does, and refuses one it would refuse', () => {
    expect(parsePhoneLead({ ...minimal, email: 'ｓｕｚｕｋｉ@example.com' })).toMatchObject({
      value: { email: 'suzuki@example.com' },
    });
    expect(refusal({ email: 'suzuki@' })).toEqual({
      email: estimateRefusal('customer', 'email', 'suzuki@')['customer.email'],
    });
  });

  it('says a phone number of the wrong shape as the staff page always has', () => {
    expect(refusal({ phone: '12' })).toEqual({
      phone: '電話番号は 090-1234-5678 のように10桁か11桁で入力してください。',
    });
  });

  it('refuses the numbers the estimate refuses as unreachable, with its messages', () => {
    for (const phone of ['0012345678', '020-1234-5678', '090-1234-567', '0170-123-456']) {
      const estimate = estimateRefusal('customer', 'phone', phone);
      expect(refusal({ phone }), phone).toStrictEqual({ phone: estimate['customer.phone'] });
    }
  });

  it('limits the names, the model and the note as the estimate does', () => {
    expect(refusal({ lastName: '山'.repeat(31), firstName: '花'.repeat(31) })).toEqual({
      lastName: 'お名前（姓）は30文字以内で入力してください（現在31文字）',
      firstName: 'お名前（名）は30文字以内で入力してください（現在31文字）',
    });
    expect(refusal({ model: 'プ'.repeat(51) })).toEqual({
      model: '車種は50文字以内で入力してください（現在51文字）',
    });
    expect(refusal({ note: 'あ'.repeat(1001) })).toEqual({
      note: '備考は1000文字以内で入力してください（現在1001文字）',
    });
  });

  it('takes a maker only from the estimate’s list', () => {
    expect(refusal({ maker: 'テスラ' })).toStrictEqual({
      maker: estimateRefusal('vehicle', 'maker', 'テスラ')['vehicle.maker'],
    });
    expect(parsePhoneLead({ ...minimal, maker: 'その他(国産車)' })).toMatchObject({
      value: { maker: 'その他（国産車）' },
    });
  });

  it('answers a post that is not an object of fields under "form"', () => {
    expect(parsePhoneLead(null)).toEqual({
      ok: false,
      errors: { form: '送信内容を読み取れませんでした。' },
    });
  });
});
