// The estimate's fields: every reader of them (types, schema labels and limits, forms, answer
// pages, CSV, D1 columns) is made from this table. Library-free, so every runtime imports it.
import { contactTimeOptions, courtesyCarOptions, monthOptions } from './options';
import type { FieldGroup, FieldSpec } from './fieldSpec';
import { quickFields } from './quickFields';

const firstRegistration: FieldGroup = { legend: '初度登録年月', required: false };
const name: FieldGroup = { legend: 'お名前', required: true };
const kana: FieldGroup = { legend: 'フリガナ', required: true };

const nameMaxLength = 30;
const notesMaxLength = 1000;

export const fields = {
  'vehicle.expiryYear': {
    ...quickFields['vehicle.expiryYear'],
    control: 'numberSelect',
    column: 'expiry',
  },
  'vehicle.expiryMonth': {
    ...quickFields['vehicle.expiryMonth'],
    control: 'numberSelect',
    column: 'expiry',
  },
  'vehicle.expiryDay': {
    ...quickFields['vehicle.expiryDay'],
    control: 'numberSelect',
    column: 'expiry',
  },
  'vehicle.maker': {
    ...quickFields['vehicle.maker'],
    control: 'select',
    placeholder: '選択してください',
    column: 'maker',
    stored: 'maker',
  },
  'vehicle.model': {
    ...quickFields['vehicle.model'],
    control: 'text',
    maxLength: 50,
    // No token names a car; 'on' lets the browser restore it on Back from a refusal page, which
    // 'off' forbids.
    autoComplete: 'on',
    hint: `例: ${quickFields['vehicle.model'].example}`,
    column: 'model',
    stored: 'model',
  },
  'vehicle.postalCode': {
    ...quickFields['vehicle.postalCode'],
    control: 'text',
    inputMode: 'numeric',
    autoComplete: 'postal-code',
    hint: `最寄りの店舗をご案内します（例: ${quickFields['vehicle.postalCode'].example}）`,
    confirmsAddress: true,
    column: 'postalCode',
    stored: 'postal_code',
  },
  'vehicle.firstRegistrationYear': {
    label: '初度登録年月の年',
    group: firstRegistration,
    part: '年',
    control: 'numberSelect',
    required: false,
    column: 'firstRegistration',
  },
  'vehicle.firstRegistrationMonth': {
    label: '初度登録年月の月',
    group: firstRegistration,
    part: '月',
    control: 'numberSelect',
    options: monthOptions,
    required: false,
    column: 'firstRegistration',
  },
  'vehicle.mileage': {
    label: '走行距離',
    unit: 'km',
    control: 'text',
    required: false,
    inputMode: 'numeric',
    hint: 'おおよそで構いません',
    column: 'mileage',
  },
  'customer.lastName': {
    label: 'お名前（姓）',
    group: name,
    part: '姓',
    control: 'text',
    required: true,
    maxLength: nameMaxLength,
    autoComplete: 'family-name',
    reading: 'customer.lastNameKana',
    column: 'name',
    stored: 'last_name',
  },
  'customer.firstName': {
    label: 'お名前（名）',
    group: name,
    part: '名',
    control: 'text',
    required: true,
    maxLength: nameMaxLength,
    autoComplete: 'given-name',
    reading: 'customer.firstNameKana',
    column: 'name',
    stored: 'first_name',
  },
  'customer.lastNameKana': {
    label: 'フリガナ（セイ）',
    group: kana,
    part: 'セイ',
    control: 'text',
    required: true,
    maxLength: nameMaxLength,
    column: 'kana',
    stored: 'last_name_kana',
  },
  'customer.firstNameKana': {
    label: 'フリガナ（メイ）',
    group: kana,
    part: 'メイ',
    control: 'text',
    required: true,
    maxLength: nameMaxLength,
    column: 'kana',
    stored: 'first_name_kana',
  },
  'customer.phone': {
    label: '電話番号',
    control: 'tel',
    required: true,
    autoComplete: 'tel',
    hint: '例: 090-1234-5678',
    column: 'phone',
    stored: 'phone',
  },
  'customer.email': {
    label: 'メールアドレス',
    control: 'email',
    required: true,
    // RFC 5321's longest forward path.
    maxLength: 254,
    inputMode: 'email',
    autoComplete: 'email',
    // Its hint is the brand's (src/brand/mail.ts emailHint): a receipt only where one is sent.
    column: 'email',
    stored: 'email',
  },
  'request.preferredDate1': {
    label: '第1希望日',
    control: 'date',
    required: false,
    column: 'preferredDates',
    stored: 'preferred_date1',
  },
  'request.preferredDate2': {
    label: '第2希望日',
    control: 'date',
    required: false,
    column: 'preferredDates',
    stored: 'preferred_date2',
  },
  'request.courtesyCar': {
    label: '代車のご希望',
    formLabel: '代車',
    control: 'radio',
    options: courtesyCarOptions,
    required: false,
    column: 'courtesyCar',
  },
  'request.contactTime': {
    label: '連絡希望時間帯',
    control: 'select',
    options: contactTimeOptions,
    placeholder: '選択してください',
    required: false,
    column: 'contactTime',
  },
  'request.notes': {
    label: '備考',
    control: 'textarea',
    required: false,
    maxLength: notesMaxLength,
    hint: `ご質問やご要望があればご記入ください（${notesMaxLength}文字以内）`,
    column: 'notes',
  },
  consent: {
    label: '個人情報の取り扱い',
    // The form has said 取扱い since its first version; the messages and answer pages 取り扱い.
    formLabel: '個人情報の取扱いに同意する',
    control: 'checkbox',
    required: true,
  },
  // Its own choice, never required: the estimate is the same without it (APPI art. 27, 28).
  adConsent: {
    label: '広告事業者への提供',
    formLabel:
      '広告の効果測定のため、連絡先（ハッシュ化）と、お見積もり依頼・その後のご予約・車検完了（お支払い金額を含む）の情報を、広告事業者（外国にある第三者を含む）に提供することに同意する（任意）',
    control: 'checkbox',
    required: false,
  },
  // 特定電子メール (a 案内 is advertising): sent only to whoever ticks it, unticked by default.
  reminderConsent: {
    label: '次回車検時期のメール案内',
    formLabel: '次回の車検時期にメールでご案内を受け取る（任意）',
    control: 'checkbox',
    required: false,
  },
} as const satisfies Record<string, FieldSpec>;

export type FieldPath = keyof typeof fields;

export const fieldPaths = Object.keys(fields) as FieldPath[];

export function field(path: FieldPath): FieldSpec {
  return fields[path];
}

export function isFieldPath(name: string): name is FieldPath {
  return Object.hasOwn(fields, name);
}

export const requiredPaths = fieldPaths.filter((path) => field(path).required);

export const readingPairs = fieldPaths.flatMap((path) => {
  const reading = field(path).reading;
  return reading !== undefined && isFieldPath(reading) ? [[path, reading] as const] : [];
});

/** The checkboxes: booleans in the form's values and the request, not text. */
export type CheckboxPath = 'consent' | 'adConsent' | 'reminderConsent';
type TextPath = Exclude<FieldPath, CheckboxPath>;
type GroupName = TextPath extends `${infer G}.${string}` ? G : never;

export type EstimateFormValues = {
  [G in GroupName]: { [P in TextPath as P extends `${G}.${infer K}` ? K : never]: string };
} & Record<CheckboxPath, boolean>;

export function formLabel(path: FieldPath): string {
  const spec = field(path);
  if (spec.formLabel) return spec.formLabel;
  return spec.unit ? `${spec.label}（${spec.unit}）` : spec.label;
}

export function checkboxText(path: FieldPath): string {
  return `${field(path).label}に同意する`;
}
