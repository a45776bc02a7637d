import { fields } from '../fieldTable';

const label = {
  postalCode: fields['vehicle.postalCode'].label,
  phone: fields['customer.phone'].label,
  email: fields['customer.email'].label,
  kana: fields['customer.lastNameKana'].group.legend,
  expiry: fields['vehicle.expiryDay'].group.legend,
  firstRegistration: fields['vehicle.firstRegistrationYear'].group.legend,
  mileage: fields['vehicle.mileage'],
};

export const messages = {
  enter: (label: string) => `${label}を入力してください`,
  choose: (label: string) => `${label}を選択してください`,
  /** `current` counts characters as the visitor sees them (textLength in normalize.ts). */
  maxLength: (label: string, max: number, current: number) =>
    `${label}は${max}文字以内で入力してください（現在${current}文字）`,
  invalidDate: (label: string) => `${label}の日付が正しくありません`,
  dateFromTomorrow: (label: string) => `${label}は明日以降の日付を選択してください`,
  dateTooFar: (label: string, months: number, last: string) =>
    `${label}は${months}か月先の${last}までの日付を選択してください`,
  yearRange: (label: string, years: readonly number[]) =>
    `${label}は${years[0]}年〜${years[years.length - 1]}年から選択してください`,
  postalCode: `${label.postalCode}は7桁の数字で入力してください`,
  phone: `${label.phone}は市外局番から10桁または11桁で入力してください`,
  phoneCarrierPrefix: `${label.phone}は00から始まりません。市外局番から入力してください`,
  phoneUnreachable: (prefix: string) =>
    `${prefix}から始まる番号にはおかけできません。携帯電話か固定電話の番号を入力してください`,
  phoneDigits: '携帯電話・IP電話の番号は11桁、固定電話の番号は10桁で入力してください',
  email: `正しい${label.email}を入力してください`,
  kana: `${label.kana}は全角カタカナで入力してください`,
  consent: `${fields.consent.label}に同意してください`,
  expiryDate: `${label.expiry}の日付が正しくありません`,
  firstRegistrationBoth: `${label.firstRegistration}は年と月の両方を選択してください`,
  mileage: `${label.mileage.label}は数字（${label.mileage.unit}）で入力してください`,
  mileageMax: (max: number) =>
    `${label.mileage.label}は${max.toLocaleString('en-US')}${label.mileage.unit}以下で入力してください`,
  firstRegistrationFuture: `${label.firstRegistration}は今月以前を選択してください`,
  firstRegistrationAfterExpiry: `${label.firstRegistration}は${label.expiry}より前を選択してください`,
} as const;
