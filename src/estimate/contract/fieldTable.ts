/**
 * The estimate form, field by field: the one description every reader of the estimate's fields
 * is made from (the value type and empty values, the schema's labels and limits, the estimate
 * form, the simple forms, the no-JS answer pages, the CSV export and the lead's D1 columns).
 * A field's label is written here and nowhere else. Framework-free and free of any validation
 * library, so the first view, the local API and the Worker can all import it.
 *
 * The rules (what a value must look like) stay in validation/, with labels and limits from here.
 */
import { contactTimeOptions, courtesyCarOptions, monthOptions } from './options';
import type { FieldGroup, FieldSpec } from './fieldSpec';
import { quickFields } from './quickFields';

const firstRegistration: FieldGroup = { legend: '初度登録年月', required: false };
const name: FieldGroup = { legend: 'お名前', required: true };
const kana: FieldGroup = { legend: 'フリガナ', required: true };

/** The longest name part and reading (姓, 名, セイ, メイ). */
const nameMaxLength = 30;
const notesMaxLength = 1000;

/** Every field in the form's order; the key is the field's path in the request body. */
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
    hint: '例: プリウス、N-BOX',
    column: 'model',
    stored: 'model',
  },
  'vehicle.postalCode': {
    ...quickFields['vehicle.postalCode'],
    control: 'text',
    inputMode: 'numeric',
    autoComplete: 'postal-code',
    hint: '最寄りの店舗をご案内します（例: 123-4567）',
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
    placeholder: '指定なし',
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
} as const satisfies Record<string, FieldSpec>;

export type FieldPath = keyof typeof fields;

/** Every field path, in the form's order. */
export const fieldPaths = Object.keys(fields) as FieldPath[];

/** A field's facts, typed as any field's (for code that walks the table). */
export function field(path: FieldPath): FieldSpec {
  return fields[path];
}

export function isFieldPath(name: string): name is FieldPath {
  return Object.hasOwn(fields, name);
}

/** The fields a visitor must fill, in the form's order (the progress counts them). */
export const requiredPaths = fieldPaths.filter((path) => field(path).required);

/** Each name field with the field of its reading (姓 → セイ, 名 → メイ). */
export const readingPairs = fieldPaths.flatMap((path) => {
  const reading = field(path).reading;
  return reading !== undefined && isFieldPath(reading) ? [[path, reading] as const] : [];
});

/** The form's groups of text fields (vehicle, customer, request): every path but consent. */
type TextPath = Exclude<FieldPath, 'consent'>;
type GroupName = TextPath extends `${infer G}.${string}` ? G : never;

/** The form's values as typed: every text field a string, consent a boolean. */
export type EstimateFormValues = {
  [G in GroupName]: { [P in TextPath as P extends `${G}.${infer K}` ? K : never]: string };
} & { consent: boolean };

/** The label the estimate form shows: 走行距離（km）, 代車. */
export function formLabel(path: FieldPath): string {
  const spec = field(path);
  if (spec.formLabel) return spec.formLabel;
  return spec.unit ? `${spec.label}（${spec.unit}）` : spec.label;
}

/** What a checkbox says next to its box: 「個人情報の取り扱いに同意する」. */
export function checkboxText(path: FieldPath): string {
  return `${field(path).label}に同意する`;
}
