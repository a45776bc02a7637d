// The choices the estimate forms offer; the field table hands them to forms and schema alike, so a
// choice offered is always one accepted. Library-free: the simple form is in the first view.

// The years offered are in dates.ts, apart, so the first view loads no Intl formatting for them.

export const monthOptions: readonly number[] = Array.from({ length: 12 }, (_, i) => i + 1);

/** Whether the day exists in the month is the schema's check. */
export const dayOptions: readonly number[] = Array.from({ length: 31 }, (_, i) => i + 1);

/** In the order visitors look for them. */
export const makers = [
  'トヨタ',
  'レクサス',
  '日産',
  'ホンダ',
  'マツダ',
  'スバル',
  'スズキ',
  'ダイハツ',
  '三菱',
  'いすゞ',
  'その他（国産車）',
  '輸入車',
] as const;

export const courtesyCarOptions = [
  { value: 'yes', label: '希望する' },
  { value: 'no', label: '希望しない' },
] as const;

export const contactTimeOptions = [
  { value: 'any', label: 'いつでも可' },
  { value: '9-12', label: '9:00〜12:00' },
  { value: '12-15', label: '12:00〜15:00' },
  { value: '15-19', label: '15:00〜19:00' },
] as const;
