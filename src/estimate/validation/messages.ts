/** The Japanese messages of the estimate validation shared by several fields. */
export const messages = {
  enter: (label: string) => `${label}を入力してください`,
  choose: (label: string) => `${label}を選択してください`,
  /** `current` counts characters as the visitor sees them (textLength in normalize.ts). */
  maxLength: (label: string, max: number, current: number) =>
    `${label}は${max}文字以内で入力してください（現在${current}文字）`,
  invalidDate: (label: string) => `${label}の日付が正しくありません`,
  dateFromTomorrow: (label: string) => `${label}は明日以降の日付を選択してください`,
  dateTooFar: (label: string, months: number, last: string) =>
    `${label}は${months}か月先（${last}）までの日付を選択してください`,
  yearRange: (label: string, years: readonly number[]) =>
    `${label}は${years[0]}年〜${years[years.length - 1]}年から選択してください`,
  postalCode: '郵便番号は7桁の数字で入力してください',
  phone: '電話番号は市外局番から10桁または11桁で入力してください',
  phoneCarrierPrefix: '電話番号は00から始まりません。市外局番から入力してください',
  phoneUnreachable: (prefix: string) =>
    `${prefix}から始まる番号にはおかけできません。携帯電話か固定電話の番号を入力してください`,
  phoneDigits: '携帯電話・IP電話の番号は11桁、固定電話の番号は10桁で入力してください',
  email: '正しいメールアドレスを入力してください',
  kana: 'フリガナは全角カタカナで入力してください',
  consent: '個人情報の取り扱いに同意してください',
  expiryDate: '車検満了日の日付が正しくありません',
  firstRegistrationBoth: '初度登録年月は年と月の両方を選択してください',
  mileage: '走行距離は数字（km）で入力してください',
} as const;
