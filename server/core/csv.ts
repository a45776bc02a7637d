/**
 * The staff export's CSV: UTF-8 with a BOM (Excel then reads Japanese correctly), CRLF line ends,
 * every cell quoted, and every cell that a spreadsheet would run as a formula neutralised as
 * OWASP recommends ("CSV Injection"): a leading `'` inside the quotes. A cell counts as a formula
 * when it begins with `=`, `+`, `-`, `@`, a tab or a CR, either as stored or after the NFKC width
 * normalising the schema does: `＝ＨＹＰＥＲＬＩＮＫ（…）` becomes `=HYPERLINK(…)` through it.
 */

const formulaStart = /^[=+\-@\t\r]/;

/** @internal Whether a spreadsheet could read `value` as a formula; exported for tests. */
export function isFormulaLike(value: string): boolean {
  return formulaStart.test(value) || formulaStart.test(value.normalize('NFKC').trimStart());
}

/**
 * One cell: neutralised when formula-like, then quoted with its quotes doubled.
 * @internal Exported for tests.
 */
export function csvCell(value: string): string {
  const safe = isFormulaLike(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The file: BOM, then each row's cells joined by commas, each row ended by CRLF. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return '\ufeff' + rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
