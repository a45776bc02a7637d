/**
 * The choices the estimate forms offer: the options of each select and the months and days a
 * date may take. The field table (fieldTable.ts) gives them as each field's options, beside the
 * fields' labels and lengths; the forms, the schema and the local API all read them, so a choice
 * a form offers is always one the schema accepts. Framework-free, with no validation library:
 * the simple form is part of the first view. The entry points and the quick fields' names are
 * in types.ts, which the first view's own code reads.
 */

// ---------------------------------------------------------------------------------------------
// Dates (the years offered depend on today in Japan: see dates.ts, kept apart so the simple form,
// which offers no year list, does not load Intl formatting with the first view)

/** Months of every date select (車検満了日, 初度登録年月). */
export const monthOptions: readonly number[] = Array.from({ length: 12 }, (_, i) => i + 1);

/** Days of the 車検満了日 select; whether the day exists in the month is the schema's check. */
export const dayOptions: readonly number[] = Array.from({ length: 31 }, (_, i) => i + 1);

// ---------------------------------------------------------------------------------------------
// Choices

/** Choices of the メーカー select, in the order visitors look for them. */
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
