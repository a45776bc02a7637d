/** `words` joined by a space (姓 名), `list` by " / ", `date` as YYYY-MM(-DD). */
export type ColumnFormat = 'text' | 'words' | 'list' | 'date';

/** `stored`: the D1 column holding the whole column's value, when one does. */
export const exportColumns = {
  name: { format: 'words' },
  kana: { format: 'words' },
  phone: { format: 'text' },
  email: { format: 'text' },
  maker: { format: 'text' },
  model: { format: 'text' },
  expiry: { format: 'date', stored: 'expiry' },
  preferredDates: { format: 'list', header: '希望日' },
  postalCode: { format: 'text' },
  firstRegistration: { format: 'date' },
  mileage: { format: 'text' },
  courtesyCar: { format: 'text' },
  contactTime: { format: 'text' },
  notes: { format: 'text' },
} as const satisfies Record<string, { header?: string; format: ColumnFormat; stored?: string }>;

export type ExportColumnKey = keyof typeof exportColumns;
