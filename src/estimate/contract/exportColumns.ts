/**
 * The staff's view of the estimate's fields: the CSV export's columns and the lead's D1 columns
 * that hold a whole column's value. Each field of the table (fieldTable.ts) names its column.
 */

/**
 * How a stored value shows in the CSV export and the lead's D1 columns (leadValues.ts):
 * `text` as it is; `words` the fields' values joined by a space (姓 名); `list` joined by
 * " / "; `date` year, month and day as YYYY-MM(-DD), the month and day padded to two digits.
 */
export type ColumnFormat = 'text' | 'words' | 'list' | 'date';

/**
 * The CSV export's columns of the form's values: each shows the fields whose `column` it is,
 * joined in the form's order, under their legend or the form's label of its one field (columnHeader)
 * unless `header` says otherwise. `stored` names the D1 column holding the whole column's value,
 * when one does (the fields' own D1 columns are their `stored`).
 */
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
