// UTF-8 with a BOM, so Excel reads Japanese. A formula-like cell gets a leading `'` (OWASP "CSV
// Injection"), judged after NFKC too, which turns `＝ＨＹＰＥＲＬＩＮＫ` into `=HYPERLINK`.

const formulaStart = /^[=+\-@\t\r]/;

/** @internal Whether a spreadsheet could read `value` as a formula; exported for tests. */
export function isFormulaLike(value: string): boolean {
  return formulaStart.test(value) || formulaStart.test(value.normalize('NFKC').trimStart());
}

/** @internal Exported for tests. */
export function csvCell(value: string): string {
  const safe = isFormulaLike(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return '\ufeff' + rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
