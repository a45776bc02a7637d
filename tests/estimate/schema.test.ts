import { parse, safeParse, type SafeParseResult } from 'valibot';
import { expiryYearOptions } from '../../src/estimate/contract/dates';
import { tokyoToday } from '../../src/lib/tokyoTime';
import {
  estimateFormSchema,
  estimateRequestSchema,
  fieldErrors,
  toEstimateRequest,
} from '../../src/estimate/contract/validation/estimateSchema';
import {
  normalizeDigits,
  normalizeKana,
  textLength,
} from '../../src/estimate/contract/validation/normalize';
import { emptyFormValues, type EstimateFormValues } from '../../src/estimate/contract/formValues';
import { freezeDateAtFixedNow } from './fixedNow';
import { preferredDateBounds } from '../../src/estimate/contract/dates';
import {
  clickIdParams,
  trackingUrlMaxLength,
  trackingValueMaxLength,
} from '../../src/tracking/trackingFields';
import { storedCustomer, validFormValues, validRequest } from '../factories/estimate';

freezeDateAtFixedNow();

function errorsFor(values: unknown): Record<string, string> {
  const result = safeParse(estimateFormSchema, values);
  return result.success ? {} : fieldErrors(result.issues);
}

function withVehicle(patch: Partial<EstimateFormValues['vehicle']>): EstimateFormValues {
  const values = validFormValues();
  values.vehicle = { ...values.vehicle, ...patch };
  return values;
}

function withCustomer(patch: Partial<EstimateFormValues['customer']>): EstimateFormValues {
  const values = validFormValues();
  values.customer = { ...values.customer, ...patch };
  return values;
}

function withRequest(patch: Partial<EstimateFormValues['request']>): EstimateFormValues {
  const values = validFormValues();
  values.request = { ...values.request, ...patch };
  return values;
}

describe('normalisation', () => {
  it('turns full-width digits and any hyphen or space into plain digits', () => {
    expect(normalizeDigits('０９０－１２３４ー５６７８')).toBe('09012345678');
    expect(normalizeDigits('090‐1234−5678')).toBe('09012345678');
    expect(normalizeDigits('123 4567')).toBe('1234567');
    expect(normalizeDigits('１２３　４５６７')).toBe('1234567');
  });

  it('turns hiragana and half-width katakana into full-width katakana', () => {
    expect(normalizeKana('やまだ')).toBe('ヤマダ');
    expect(normalizeKana('ﾀﾛｳ')).toBe('タロウ');
    expect(normalizeKana('ゔぁいおりん')).toBe('ヴァイオリン');
    expect(normalizeKana('  さとう　はなこ ')).toBe('サトウ ハナコ');
  });

  it('stores what the visitor typed in full width as half-width values', () => {
    const values = validFormValues();
    values.vehicle.expiryYear = '２０２６';
    values.vehicle.expiryMonth = '０８';
    values.vehicle.postalCode = '〒１２３－４５６７';
    values.vehicle.mileage = '５０，０００ｋｍ';
    values.customer.phone = '（０３）１２３４－５６７８';
    values.customer.email = 'ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ';
    values.customer.lastNameKana = 'やまだ';
    values.vehicle.model = ' Ｎ－ＢＯＸ ';

    const parsed = parse(estimateFormSchema, values);

    expect(parsed.vehicle).toMatchObject({
      expiryYear: '2026',
      expiryMonth: '8',
      postalCode: '1234567',
      mileage: '50000',
      // 車種 is text, kept as written (only trimmed): width is folded in machine values only.
      model: 'Ｎ－ＢＯＸ',
    });
    expect(parsed.customer).toMatchObject({
      phone: '0312345678',
      email: 'taro@example.com',
      lastNameKana: 'ヤマダ',
    });
  });
});

describe('names and text are kept as written', () => {
  it.each([
    ['a CJK compatibility ideograph', '\ufa10本', '\ufa10本'],
    ['another one (﨑 U+FA11)', '山\ufa11', '山\ufa11'],
    ['an ideographic variation sequence (葛 + VS17)', '葛\u{e0100}西', '葛\u{e0100}西'],
    ['full-width Latin', 'ＪＯＨＮ', 'ＪＯＨＮ'],
    ['circled digits', '①', '①'],
    ['an emoji family joined by ZWJ', '👨‍👩‍👧', '👨‍👩‍👧'],
    ['a flag with ZWJ and a variation selector', '🏳️‍🌈', '🏳️‍🌈'],
    ['a ZWJ between two kanji (dropped)', '山\u200d田', '山田'],
  ])('keeps %s', (_name, lastName, stored) => {
    const parsed = parse(estimateFormSchema, withCustomer({ lastName, firstName: lastName }));
    expect(parsed.customer.lastName).toBe(stored);
    expect(parsed.customer.firstName).toBe(stored);
  });

  it('keeps ㍿ × 30 in a 30-character name: it is 30 characters to the visitor', () => {
    const lastName = '㍿'.repeat(30);
    expect(errorsFor(withCustomer({ lastName }))).toEqual({});
    expect(parse(estimateFormSchema, withCustomer({ lastName })).customer.lastName).toBe(lastName);
    expect(errorsFor(withCustomer({ lastName: '㍿'.repeat(31) }))).toEqual({
      'customer.lastName': 'お名前（姓）は30文字以内で入力してください（現在31文字）',
    });
  });

  it('counts an emoji sequence as one character', () => {
    expect(errorsFor(withCustomer({ firstName: '👨‍👩‍👧'.repeat(30) }))).toEqual({});
    expect(errorsFor(withCustomer({ firstName: '👨‍👩‍👧'.repeat(31) }))).toEqual({
      'customer.firstName': 'お名前（名）は30文字以内で入力してください（現在31文字）',
    });
  });

  it.each([
    ['plain text', 'abc', 3],
    ['kanji', '山田太郎', 4],
    ['a CJK compatibility ideograph', '\ufa10', 1],
    ['㍿', '㍿', 1],
    ['an emoji family', '👨‍👩‍👧', 1],
    ['a skin-tone emoji', '👍🏽', 1],
    ['kana with a combining voicing mark', 'か\u3099', 1],
    ['an ideographic variation sequence', '葛\u{e0100}', 1],
    ['a line break', 'a\nb', 3],
    ['nothing', '', 0],
  ])('textLength counts %s as the visitor sees it', (_name, value, expected) => {
    expect(textLength(value)).toBe(expected);
  });

  it('says the limit and the count for every text field with a limit', () => {
    expect(
      errorsFor(
        withCustomer({
          lastName: 'あ'.repeat(31),
          firstNameKana: 'ア'.repeat(32),
          email: `${'a'.repeat(250)}@example.com`,
        }),
      ),
    ).toEqual({
      'customer.lastName': 'お名前（姓）は30文字以内で入力してください（現在31文字）',
      'customer.firstNameKana': 'フリガナ（メイ）は30文字以内で入力してください（現在32文字）',
      'customer.email': 'メールアドレスは254文字以内で入力してください（現在262文字）',
    });
  });
});

describe('required fields', () => {
  it('asks for every required field in Japanese, 入力 for text and 選択 for choices', () => {
    expect(errorsFor(emptyFormValues())).toEqual({
      'vehicle.expiryYear': '車検満了日の年を選択してください',
      'vehicle.expiryMonth': '車検満了日の月を選択してください',
      'vehicle.maker': 'メーカーを選択してください',
      'vehicle.model': '車種を入力してください',
      'vehicle.postalCode': '郵便番号を入力してください',
      'customer.lastName': 'お名前（姓）を入力してください',
      'customer.firstName': 'お名前（名）を入力してください',
      'customer.lastNameKana': 'フリガナ（セイ）を入力してください',
      'customer.firstNameKana': 'フリガナ（メイ）を入力してください',
      'customer.phone': '電話番号を入力してください',
      'customer.email': 'メールアドレスを入力してください',
      consent: '個人情報の取り扱いに同意してください',
    });
  });

  it('treats whitespace-only input as empty', () => {
    expect(errorsFor(withCustomer({ lastName: '　 ' }))).toEqual({
      'customer.lastName': 'お名前（姓）を入力してください',
    });
  });

  it('accepts a complete form with the optional fields left empty', () => {
    expect(errorsFor(validFormValues())).toEqual({});
  });
});

describe('vehicle rules', () => {
  it('offers and accepts expiry years from last year to three years ahead', () => {
    expect(expiryYearOptions()).toEqual([2025, 2026, 2027, 2028, 2029]);
    expect(errorsFor(withVehicle({ expiryYear: '2025' }))).toEqual({});
    expect(errorsFor(withVehicle({ expiryYear: '2029' }))).toEqual({});
    expect(errorsFor(withVehicle({ expiryYear: '2030' }))['vehicle.expiryYear']).toBe(
      '車検満了日の年は2025年〜2029年から選択してください',
    );
    expect(errorsFor(withVehicle({ expiryYear: '2024' }))).toHaveProperty('vehicle.expiryYear');
  });

  // Today is 2026-05-10 in Tokyo (fixedNow.ts).
  it('refuses a 初度登録年月 later than this month in Tokyo, at the field that is too late', () => {
    expect(
      errorsFor(withVehicle({ firstRegistrationYear: '2026', firstRegistrationMonth: '5' })),
    ).toEqual({});
    expect(
      errorsFor(withVehicle({ firstRegistrationYear: '2026', firstRegistrationMonth: '6' })),
    ).toEqual({ 'vehicle.firstRegistrationMonth': '初度登録年月は今月以前を選択してください' });
  });

  it('refuses a 初度登録年月 after the 車検満了日', () => {
    const values = withVehicle({
      expiryYear: '2025',
      expiryMonth: '12',
      firstRegistrationYear: '2026',
      firstRegistrationMonth: '1',
    });
    expect(errorsFor(values)).toEqual({
      'vehicle.firstRegistrationYear': '初度登録年月は車検満了日より前を選択してください',
    });
    values.vehicle.firstRegistrationYear = '2025';
    expect(errorsFor(values)).toEqual({});
  });

  it('refuses a mileage no car can have, with the cap in the message', () => {
    expect(errorsFor(withVehicle({ mileage: '2,000,000' }))).toEqual({});
    for (const mileage of ['2000001', '9999999']) {
      expect(errorsFor(withVehicle({ mileage }))).toEqual({
        'vehicle.mileage': '走行距離は2,000,000km以下で入力してください',
      });
    }
  });

  it('accepts months 1 to 12 only', () => {
    expect(errorsFor(withVehicle({ expiryMonth: '12' }))).toEqual({});
    expect(errorsFor(withVehicle({ expiryMonth: '13' }))).toEqual({
      'vehicle.expiryMonth': '車検満了日の月が正しくありません',
    });
    expect(errorsFor(withVehicle({ expiryMonth: '0' }))).toHaveProperty('vehicle.expiryMonth');
  });

  it('accepts an optional day only when the date exists', () => {
    expect(errorsFor(withVehicle({ expiryMonth: '2', expiryDay: '28' }))).toEqual({});
    expect(errorsFor(withVehicle({ expiryMonth: '2', expiryDay: '30' }))).toEqual({
      'vehicle.expiryDay': '車検満了日の日付が正しくありません',
    });
    expect(errorsFor(withVehicle({ expiryDay: '32' }))).toEqual({
      'vehicle.expiryDay': '車検満了日の日付が正しくありません',
    });
  });

  it('reports an impossible day even while other fields are still empty', () => {
    const values = emptyFormValues();
    values.vehicle = { ...values.vehicle, expiryYear: '2026', expiryMonth: '4', expiryDay: '31' };
    expect(errorsFor(values)['vehicle.expiryDay']).toBe('車検満了日の日付が正しくありません');
  });

  it('accepts only makers from the list', () => {
    expect(errorsFor(withVehicle({ maker: 'その他（国産車）' }))).toEqual({});
    expect(errorsFor(withVehicle({ maker: 'フェラーリ' }))).toEqual({
      'vehicle.maker': 'メーカーを一覧から選択してください',
    });
  });

  it('limits the model to 50 characters', () => {
    expect(errorsFor(withVehicle({ model: 'あ'.repeat(50) }))).toEqual({});
    expect(errorsFor(withVehicle({ model: 'あ'.repeat(51) }))).toEqual({
      'vehicle.model': '車種は50文字以内で入力してください（現在51文字）',
    });
  });

  it('wants a 7-digit postal code', () => {
    for (const postalCode of ['123456', '12345678', '123-456a']) {
      expect(errorsFor(withVehicle({ postalCode }))).toEqual({
        'vehicle.postalCode': '郵便番号は7桁の数字で入力してください',
      });
    }
    expect(errorsFor(withVehicle({ postalCode: '123-4567' }))).toEqual({});
  });

  it('wants both year and month of the first registration, or neither', () => {
    expect(
      errorsFor(withVehicle({ firstRegistrationYear: '2015', firstRegistrationMonth: '4' })),
    ).toEqual({});
    expect(errorsFor(withVehicle({ firstRegistrationYear: '2015' }))).toEqual({
      'vehicle.firstRegistrationMonth': '初度登録年月は年と月の両方を選択してください',
    });
    expect(errorsFor(withVehicle({ firstRegistrationMonth: '4' }))).toEqual({
      'vehicle.firstRegistrationYear': '初度登録年月は年と月の両方を選択してください',
    });
  });

  it('wants the mileage in digits', () => {
    expect(errorsFor(withVehicle({ mileage: '約5万' }))).toEqual({
      'vehicle.mileage': '走行距離は数字（km）で入力してください',
    });
  });
});

describe('customer rules', () => {
  it('accepts phone numbers of 10 or 11 digits starting with 0', () => {
    for (const phone of ['0312345678', '09012345678', '0120-104-631', '0800-123-4567']) {
      expect(errorsFor(withCustomer({ phone }))).toEqual({});
    }
  });

  it.each([
    ['0000000000', '電話番号は00から始まりません。市外局番から入力してください'],
    ['00000000000', '電話番号は00から始まりません。市外局番から入力してください'],
    ['0012345678', '電話番号は00から始まりません。市外局番から入力してください'],
    [
      '0990-123-456',
      '0990から始まる番号にはおかけできません。携帯電話か固定電話の番号を入力してください',
    ],
    [
      '0170-123-456',
      '0170から始まる番号にはおかけできません。携帯電話か固定電話の番号を入力してください',
    ],
    [
      '0180-123-456',
      '0180から始まる番号にはおかけできません。携帯電話か固定電話の番号を入力してください',
    ],
    [
      '020-1234-5678',
      '020から始まる番号にはおかけできません。携帯電話か固定電話の番号を入力してください',
    ],
    ['090-1234-567', '携帯電話・IP電話の番号は11桁、固定電話の番号は10桁で入力してください'],
    ['050-1234-567', '携帯電話・IP電話の番号は11桁、固定電話の番号は10桁で入力してください'],
    ['03-1234-56789', '携帯電話・IP電話の番号は11桁、固定電話の番号は10桁で入力してください'],
    ['0120-104-6310', '携帯電話・IP電話の番号は11桁、固定電話の番号は10桁で入力してください'],
  ])('refuses %s, which nobody can call back, with its own message', (phone, message) => {
    expect(errorsFor(withCustomer({ phone }))).toEqual({ 'customer.phone': message });
  });

  it.each([
    ['0570-012-345', 'ナビダイヤル'],
    ['080-1234-5678', '携帯'],
    ['070-1234-5678', '携帯'],
    ['050-1234-5678', 'IP電話'],
    ['0800-123-4567', 'フリーダイヤル (11 digits)'],
    ['0800-123-456', 'フリーダイヤル (10 digits)'],
    ['06-1234-5678', '固定'],
    ['0466-12-3456', '固定'],
  ])('accepts %s (%s)', (phone) => {
    expect(errorsFor(withCustomer({ phone }))).toEqual({});
  });

  it('refuses other phone numbers with the area-code message', () => {
    for (const phone of ['031234567', '090123456789', '9012345678', '03-1234-567a']) {
      expect(errorsFor(withCustomer({ phone }))).toEqual({
        'customer.phone': '電話番号は市外局番から10桁または11桁で入力してください',
      });
    }
  });

  it('refuses a malformed e-mail address', () => {
    for (const email of ['taro', 'taro@', 'taro@example', 'ta ro@@example.com']) {
      expect(errorsFor(withCustomer({ email }))).toEqual({
        'customer.email': '正しいメールアドレスを入力してください',
      });
    }
  });

  it('wants katakana for フリガナ', () => {
    expect(errorsFor(withCustomer({ lastNameKana: 'yamada' }))).toEqual({
      'customer.lastNameKana': 'フリガナは全角カタカナで入力してください',
    });
    expect(errorsFor(withCustomer({ firstNameKana: '太郎' }))).toEqual({
      'customer.firstNameKana': 'フリガナは全角カタカナで入力してください',
    });
    expect(errorsFor(withCustomer({ firstNameKana: 'たろー' }))).toEqual({});
  });

  it('needs the consent to be given', () => {
    const values = validFormValues();
    values.consent = false;
    expect(errorsFor(values)).toEqual({ consent: '個人情報の取り扱いに同意してください' });
  });
});

describe('request rules', () => {
  it('accepts preferred dates from tomorrow (in Japan) to six months ahead', () => {
    expect(tokyoToday()).toBe('2026-05-10');
    expect(preferredDateBounds()).toEqual({ min: '2026-05-11', max: '2026-11-10' });
    expect(errorsFor(withRequest({ preferredDate1: '2026-05-11' }))).toEqual({});
    expect(errorsFor(withRequest({ preferredDate2: '2026-06-01' }))).toEqual({});
    expect(errorsFor(withRequest({ preferredDate1: '2026/11/10' }))).toEqual({});
    expect(errorsFor(withRequest({ preferredDate1: '２０２６－０６－０１' }))).toEqual({});
  });

  it.each([
    ['today', '2026-05-10', '第1希望日は明日以降の日付を選択してください'],
    ['yesterday', '2026-05-09', '第1希望日は明日以降の日付を選択してください'],
    [
      'six months and a day',
      '2026-11-11',
      '第1希望日は6か月先の2026年11月10日（火）までの日付を選択してください',
    ],
    [
      '9999-12-31',
      '9999-12-31',
      '第1希望日は6か月先の2026年11月10日（火）までの日付を選択してください',
    ],
    ['a day that does not exist', '2026-02-30', '第1希望日の日付が正しくありません'],
    ['a five-digit year', '20261-01-01', '第1希望日の日付が正しくありません'],
  ])('refuses %s (%s) with a message at the field', (_name, preferredDate1, message) => {
    expect(errorsFor(withRequest({ preferredDate1 }))).toEqual({
      'request.preferredDate1': message,
    });
  });

  it.each([
    ['2026-08-31T03:00:00Z', { min: '2026-09-01', max: '2027-02-28' }],
    ['2027-08-31T03:00:00Z', { min: '2027-09-01', max: '2028-02-29' }],
    ['2026-12-31T14:59:00Z', { min: '2027-01-01', max: '2027-06-30' }],
    ['2026-12-31T15:00:00Z', { min: '2027-01-02', max: '2027-07-01' }],
  ])('bounds the preferred dates in Tokyo time at %s', (now, bounds) => {
    expect(preferredDateBounds(new Date(now))).toEqual(bounds);
  });

  it('refuses a preferred date that does not exist', () => {
    expect(errorsFor(withRequest({ preferredDate2: '2026-02-30' }))).toEqual({
      'request.preferredDate2': '第2希望日の日付が正しくありません',
    });
  });

  it('limits 備考 to 1000 characters', () => {
    expect(errorsFor(withRequest({ notes: 'あ'.repeat(1000) }))).toEqual({});
    expect(errorsFor(withRequest({ notes: 'あ'.repeat(1001) }))).toEqual({
      'request.notes': '備考は1000文字以内で入力してください（現在1001文字）',
    });
  });

  it('refuses a 10,000-character paste into 備考 with the limit and the count, never cutting it', () => {
    const notes = '見積もり希望'.repeat(2000).slice(0, 10_000);
    expect(errorsFor(withRequest({ notes }))).toEqual({
      'request.notes': '備考は1000文字以内で入力してください（現在10000文字）',
    });
    expect(errorsFor(withRequest({ notes: `${'あ'.repeat(1000)}\n` }))).toEqual({});
  });

  it('takes an optional field left as null (a radio group nobody checked) as not given', () => {
    const values = withRequest({ courtesyCar: null, contactTime: null, notes: null } as never);
    expect(errorsFor(values)).toEqual({});
  });

  it('accepts only the offered choices for 代車 and 連絡希望時間帯', () => {
    expect(errorsFor(withRequest({ courtesyCar: 'yes', contactTime: '9-12' }))).toEqual({});
    expect(errorsFor(withRequest({ courtesyCar: 'maybe' }))).toHaveProperty('request.courtesyCar');
    expect(errorsFor(withRequest({ contactTime: 'midnight' }))).toHaveProperty(
      'request.contactTime',
    );
  });
});

describe('a simple form’s fields in the dialog', () => {
  it('are validated with the same rules', () => {
    const values = withVehicle({
      expiryYear: '２０２６',
      expiryMonth: '4',
      expiryDay: '31',
      maker: '',
      model: 'N-BOX',
      postalCode: '12345',
    });
    expect(errorsFor(values)).toEqual({
      'vehicle.maker': 'メーカーを選択してください',
      'vehicle.postalCode': '郵便番号は7桁の数字で入力してください',
      'vehicle.expiryDay': '車検満了日の日付が正しくありません',
    });
  });
});

describe('toEstimateRequest', () => {
  it('builds the documented body, which the request schema accepts unchanged', () => {
    const values = validFormValues();
    values.request.notes = '代車希望です';
    const body = toEstimateRequest(parse(estimateFormSchema, values), {
      brand: 'yamada',
      entryPoint: 'simple-form-2',
      tracking: { source: 'google', gaid: 'abc', lp_entry_url: '/?utm_source=google' },
    });

    expect(body).toEqual({
      brand: 'yamada',
      entryPoint: 'simple-form-2',
      vehicle: {
        expiryYear: values.vehicle.expiryYear,
        expiryMonth: '4',
        maker: 'ホンダ',
        model: 'N-BOX',
        postalCode: '1234567',
      },
      customer: storedCustomer(),
      request: { notes: '代車希望です' },
      consent: true,
      adConsent: false,
      reminderConsent: false,
      tracking: { source: 'google', gaid: 'abc', lp_entry_url: '/?utm_source=google' },
    });
    const overTheWire: unknown = JSON.parse(JSON.stringify(body));
    expect(parse(estimateRequestSchema, overTheWire)).toEqual(body);
  });

  it('caps long tracking values with the cookie’s caps instead of refusing the lead', () => {
    const body = toEstimateRequest(parse(estimateFormSchema, validFormValues()), {
      brand: 'carsupport',
      entryPoint: 'header',
      tracking: { campaign: 'x'.repeat(5000), lp_entry_url: `/${'y'.repeat(5000)}` },
    });
    expect(body.tracking.campaign).toHaveLength(trackingValueMaxLength);
    expect(body.tracking.lp_entry_url).toHaveLength(trackingUrlMaxLength);
  });
});

describe('estimateRequestSchema', () => {
  function validBody(): Record<string, unknown> {
    return JSON.parse(
      JSON.stringify(
        toEstimateRequest(parse(estimateFormSchema, validFormValues()), {
          brand: 'carsupport',
          entryPoint: 'cta',
          tracking: {},
        }),
      ),
    ) as Record<string, unknown>;
  }

  it('refuses an unknown brand or entry point and a missing consent', () => {
    const body = { ...validBody(), brand: 'other', entryPoint: 'popup', consent: false };
    const result = safeParse(estimateRequestSchema, body);
    expect(result.success ? {} : fieldErrors(result.issues)).toEqual({
      brand: 'ブランドが正しくありません',
      entryPoint: '入力元が正しくありません',
      consent: '個人情報の取り扱いに同意してください',
    });
  });

  it('answers a body that is not an object in Japanese, keyed "form"', () => {
    const result = safeParse(estimateRequestSchema, []);
    expect(result.success ? {} : fieldErrors(result.issues)).toEqual({
      form: '送信内容が正しくありません',
    });
  });

  it("carries the price check's class and rough total, as the visitor saw them", () => {
    const body = toEstimateRequest(parse(estimateFormSchema, validFormValues()), {
      brand: 'carsupport',
      entryPoint: 'price-check',
      tracking: {},
      quote: { vehicleClass: 'upto-1500kg', roughTotal: 58250 },
    });
    expect(body.quote).toEqual({ vehicleClass: 'upto-1500kg', roughTotal: 58250 });
    const overTheWire: unknown = JSON.parse(JSON.stringify(body));
    expect(parse(estimateRequestSchema, overTheWire)).toEqual(body);
  });

  it('drops a quote of an unknown class or an unbounded or fractional total, keeping the lead', () => {
    for (const quote of [
      { vehicleClass: 'truck', roughTotal: 50000 },
      { vehicleClass: 'kei', roughTotal: 1_000_001 },
      { vehicleClass: 'kei', roughTotal: -1 },
      { vehicleClass: 'kei', roughTotal: 40000.5 },
      { vehicleClass: 'kei', roughTotal: '40000' },
      'kei',
    ]) {
      const result = safeParse(estimateRequestSchema, { ...validBody(), quote });
      expect(result.success).toBe(true);
      expect(result.success && result.output.quote).toBeUndefined();
    }
    expect(parse(estimateRequestSchema, validBody())).not.toHaveProperty('quote');
  });

  it('drops tracking values that are not strings and unknown tracking keys', () => {
    const body = { ...validBody(), tracking: { source: 42, term: 'shaken', evil: 'x' } };
    expect(parse(estimateRequestSchema, body).tracking).toEqual({ term: 'shaken' });
  });

  it('drops tracking values outside their field’s shape, as the cookie read does', () => {
    const tracking = {
      gaid: '=HYPERLINK("https://evil.example","x")',
      yclid: '<img src=x onerror=alert(1)>',
      source: '<img src=x>',
      campaign: '=1+1',
      inquiry_medium: '＠cmd',
      lp_entry_url: '//evil.example/',
      estimate_generated_url: 'https://evil.example/',
      term: '車検',
      msclkid: 'ab12',
    };
    expect(parse(estimateRequestSchema, { ...validBody(), tracking }).tracking).toEqual({
      term: '車検',
      msclkid: 'ab12',
    });
  });
});

/** A message a visitor can read: Japanese, no code, no stack trace. */
const japaneseMessage = /^[^\n]*[ぁ-んァ-ヶ一-龠][^\n]*$/u;

describe('hostile request bodies', () => {
  const valid = (): Record<string, unknown> =>
    validRequest('yamada', { request: {}, tracking: {} });
  const without = (key: string) => {
    const body = valid();
    delete body[key];
    return body;
  };

  it.each<[string, unknown]>([
    ['{}', {}],
    ['{"vehicle":null}', { vehicle: null }],
    ['vehicle null in an otherwise valid body', { ...valid(), vehicle: null }],
    ['customer null', { ...valid(), customer: null }],
    ['request null', { ...valid(), request: null }],
    ['vehicle an array', { ...valid(), vehicle: [] }],
    ['vehicle a string', { ...valid(), vehicle: 'トヨタ' }],
    ['vehicle a number', { ...valid(), vehicle: 1 }],
    ['no vehicle', without('vehicle')],
    ['no customer', without('customer')],
    ['no brand', without('brand')],
    ['[]', []],
    ['null', null],
    ['a string', 'hello'],
    ['a number', 42],
    ['true', true],
    [
      'wrong types in every vehicle field',
      {
        ...valid(),
        vehicle: {
          expiryYear: 2026,
          expiryMonth: { n: 8 },
          expiryDay: [1],
          maker: null,
          model: true,
          postalCode: 1234567,
          firstRegistrationYear: {},
          firstRegistrationMonth: [],
          mileage: -1,
        },
      },
    ],
    [
      'wrong types in every customer and request field',
      {
        ...valid(),
        customer: {
          lastName: 1,
          firstName: [],
          lastNameKana: {},
          firstNameKana: null,
          phone: 9012345678,
          email: false,
        },
        request: { preferredDate1: 20260601, courtesyCar: true, contactTime: [], notes: {} },
        consent: 'true',
      },
    ],
    ['brand and entry point of the wrong type', { ...valid(), brand: ['yamada'], entryPoint: {} }],
    ['tracking of the wrong type', { ...valid(), tracking: 'x', vehicle: null }],
    ['prototype keys', JSON.parse('{"__proto__":{"vehicle":1},"vehicle":{"__proto__":null}}')],
  ])('%s: Japanese field messages, never an exception', (_name, body) => {
    let result: SafeParseResult<typeof estimateRequestSchema> | undefined;
    expect(() => (result = safeParse(estimateRequestSchema, body))).not.toThrow();
    expect(result?.success).toBe(false);
    const errors = result && !result.success ? fieldErrors(result.issues) : {};
    expect(Object.keys(errors).length).toBeGreaterThan(0);
    for (const message of Object.values(errors)) expect(message).toMatch(japaneseMessage);
  });

  it('keys each problem at its field: a missing or null part at the part, a non-object at "form"', () => {
    const check = (body: unknown) => {
      const result = safeParse(estimateRequestSchema, body);
      return result.success ? {} : fieldErrors(result.issues);
    };
    expect(check({ ...valid(), vehicle: null })).toEqual({ vehicle: '車両情報が正しくありません' });
    expect(check(without('customer'))).toEqual({ customer: 'お客様情報が正しくありません' });
    expect(check(null)).toEqual({ form: '送信内容が正しくありません' });
  });

  it('still reports an impossible day while the other vehicle fields have the wrong type', () => {
    const body = valid();
    body.vehicle = { expiryYear: '2026', expiryMonth: '2', expiryDay: '30', maker: 7, model: null };
    const result = safeParse(estimateRequestSchema, body);
    const errors = result.success ? {} : fieldErrors(result.issues);
    expect(errors['vehicle.expiryDay']).toBe('車検満了日の日付が正しくありません');
    expect(errors['vehicle.maker']).toBe('メーカーを選択してください');
  });

  it('still asks for both parts of the first registration while other fields are invalid', () => {
    const values = withVehicle({ firstRegistrationYear: '2020', model: '' });
    expect(errorsFor(values)).toMatchObject({
      'vehicle.firstRegistrationMonth': '初度登録年月は年と月の両方を選択してください',
      'vehicle.model': '車種を入力してください',
    });
  });
});

describe('unsafe characters', () => {
  const unsafe: [string, string][] = [
    ['NUL', '\u0000'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['C1 (NEL)', '\u0085'],
    ['C1 (CSI)', '\u009b'],
    ['carriage return', '\r'],
    ['LRM', '\u200e'],
    ['RLM', '\u200f'],
    ['Arabic letter mark', '\u061c'],
    ['LRE', '\u202a'],
    ['RLO', '\u202e'],
    ['LRI', '\u2066'],
    ['PDI', '\u2069'],
    ['zero-width space', '\u200b'],
    ['zero-width non-joiner', '\u200c'],
    ['zero-width joiner', '\u200d'],
    ['word joiner', '\u2060'],
    ['BOM', '\ufeff'],
    ['lone high surrogate', '\ud800'],
    ['lone low surrogate', '\udfff'],
  ];

  it.each(unsafe)('%s is stripped from every text field', (_name, char) => {
    const values = validFormValues();
    values.vehicle.model = `プリ${char}ウス`;
    values.vehicle.postalCode = `123${char}4567`;
    values.customer = {
      lastName: `山${char}田`,
      firstName: `${char}太郎`,
      lastNameKana: `ヤマ${char}ダ`,
      firstNameKana: `タロウ${char}`,
      phone: `090${char}12345678`,
      email: `taro${char}@example.com`,
    };
    values.request.notes = `午前${char}希望`;
    const output = parse(estimateFormSchema, values);

    expect(output.vehicle).toMatchObject({ model: 'プリウス', postalCode: '1234567' });
    expect(output.customer).toEqual({
      lastName: '山田',
      firstName: '太郎',
      lastNameKana: 'ヤマダ',
      firstNameKana: 'タロウ',
      phone: '09012345678',
      email: 'taro@example.com',
    });
    // 備考 keeps line breaks: a carriage return or NEL there is one.
    expect(output.request.notes).toBe(['\r', '\u0085'].includes(char) ? '午前\n希望' : '午前希望');
  });

  it.each(unsafe)('%s is stripped from every tracking value', (_name, char) => {
    const body = parse(estimateRequestSchema, {
      ...toEstimateRequest(parse(estimateFormSchema, validFormValues()), {
        brand: 'carsupport',
        entryPoint: 'cta',
        tracking: {},
      }),
      tracking: {
        source: `goo${char}gle`,
        gaid: `abc${char}`,
        yclid: `${char}YSS.1`,
        lp_entry_url: `/${char}?utm_source=a${char}b`,
      },
    });
    expect(body.tracking).toEqual({
      source: 'google',
      gaid: 'abc',
      yclid: 'YSS.1',
      lp_entry_url: '/?utm_source=ab',
    });
  });

  it('keeps line breaks and tabs in 備考 only, with any line break made \\n', () => {
    const values = withRequest({ notes: '1行目\r\n2行目\r3行目\u2028\t字下げ\u0000' });
    values.vehicle.model = 'プリ\nウス\t';
    const output = parse(estimateFormSchema, values);
    expect(output.request.notes).toBe('1行目\n2行目\n3行目\n\t字下げ');
    expect(output.vehicle.model).toBe('プリウス');
  });

  it('asks for a required field that stripping leaves empty', () => {
    const errors = errorsFor(
      withCustomer({
        lastName: '\u200b',
        firstName: '\u202e\u200d',
        lastNameKana: '\ufeff',
        email: '\u0000',
      }),
    );
    expect(errors).toEqual({
      'customer.lastName': 'お名前（姓）を入力してください',
      'customer.firstName': 'お名前（名）を入力してください',
      'customer.lastNameKana': 'フリガナ（セイ）を入力してください',
      'customer.email': 'メールアドレスを入力してください',
    });
  });

  it('asks for a required field made only of fillers and invisible characters', () => {
    const values = withCustomer({
      lastName: '\u3164\u3164',
      firstName: '\u2800\u00ad',
      lastNameKana: '\u115f\u1160\uffa0',
    });
    values.vehicle.model = '\ufe0f\u{e0041}\ufffc';
    const errors = errorsFor(values);
    expect(errors).toEqual({
      'vehicle.model': '車種を入力してください',
      'customer.lastName': 'お名前（姓）を入力してください',
      'customer.firstName': 'お名前（名）を入力してください',
      'customer.lastNameKana': 'フリガナ（セイ）を入力してください',
    });
  });

  it.each([
    ['one letter and 9,000 combining marks', 'A' + '\u0301'.repeat(9000)],
    ['28,000 combining marks on a kanji', '山' + '\u0301'.repeat(28_000)],
  ])('refuses %s as too long, though it shows as one character', (_name, name) => {
    const errors = errorsFor(withCustomer({ lastName: name }));
    expect(errors['customer.lastName']).toMatch(
      /^お名前（姓）は\d+文字以内で入力してください（現在\d+文字）$/,
    );
    const notes = errorsFor(withRequest({ notes: name }))['request.notes'];
    expect(notes).toMatch(/^備考は\d+文字以内で入力してください/);
  });

  it('leaves ordinary Japanese, emoji pairs and spaces alone', () => {
    const values = withCustomer({ lastName: '髙橋 𠮷', firstName: '太郎' });
    values.request.notes = '😀 よろしくお願いします';
    const output = parse(estimateFormSchema, values);
    expect(output.customer.lastName).toBe('髙橋 𠮷');
    expect(output.request.notes).toBe('😀 よろしくお願いします');
  });
});

describe('tracking in the request', () => {
  function parseTracking(tracking: unknown) {
    return parse(estimateRequestSchema, {
      ...toEstimateRequest(parse(estimateFormSchema, validFormValues()), {
        brand: 'carsupport',
        entryPoint: 'cta',
        tracking: {},
      }),
      tracking,
    }).tracking;
  }

  it('accepts and keeps every click id under its own name', () => {
    const tracking = Object.fromEntries(clickIdParams.map((param) => [param, `${param}-value`]));
    expect(parseTracking(tracking)).toEqual(tracking);
    expect(clickIdParams).toEqual(['yclid', 'wbraid', 'gbraid', 'fbclid', 'msclkid', 'ldtag_cl']);
  });

  it('drops a click id over the cap, never cuts it', () => {
    expect(parseTracking({ msclkid: 'm'.repeat(trackingValueMaxLength + 1) }).msclkid).toBe(
      undefined,
    );
  });

  it('keeps only the attribution parameters of lp_entry_url', () => {
    expect(
      parseTracking({
        lp_entry_url: '/?email=a%40example.com&utm_source=mail&token=secret&fbclid=fb1#frag',
      }).lp_entry_url,
    ).toBe('/?utm_source=mail&fbclid=fb1');
    expect(parseTracking({ lp_entry_url: '/term?email=a%40example.com' }).lp_entry_url).toBe(
      '/term',
    );
  });
});
