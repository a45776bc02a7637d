/**
 * A stored lead's values as text, the one formatter of the staff export (leadsCsv.ts) and the
 * lead's D1 columns (server/worker/d1LeadStore.ts), so both show every value alike. Stored
 * requests are the schema's output, but they are read as untrusted data all the same (a row
 * written by an older release, a hand-edited file): anything not a string or a finite number
 * reads as ''.
 */
import { exportColumns, type ExportColumnKey } from '../../src/estimate/contract/exportColumns';
import {
  field,
  fieldPaths,
  formLabel,
  type FieldPath,
} from '../../src/estimate/contract/fieldTable';
import { isRecord } from '../../src/lib/isRecord';

/** The value at `path` of a stored request as text: a string as it is, a finite number in digits. */
export function storedText(value: unknown, ...path: string[]): string {
  let current = value;
  for (const key of path) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) return '';
    current = current[key];
  }
  if (typeof current === 'number') return Number.isFinite(current) ? String(current) : '';
  return typeof current === 'string' ? current : '';
}

/** A form field's stored value as text. */
function fieldText(request: unknown, path: FieldPath): string {
  return storedText(request, ...path.split('.'));
}

/** The fields shown in an export column, in the form's order. */
function columnFields(column: ExportColumnKey): FieldPath[] {
  return fieldPaths.filter((path) => field(path).column === column);
}

/** An export column's header: its own, its fields' legend, or its one field's form label. */
export function columnHeader(column: ExportColumnKey): string {
  const spec = exportColumns[column];
  const [first] = columnFields(column);
  if ('header' in spec) return spec.header;
  return field(first!).group?.legend ?? formLabel(first!);
}

/** A date's stored parts (year, month and an optional day) as YYYY-MM(-DD); '' without both. */
function dateText([year, month, day]: string[]): string {
  if (!year || !month) return '';
  const pad = (part: string) => part.padStart(2, '0');
  return day ? `${year}-${pad(month)}-${pad(day)}` : `${year}-${pad(month)}`;
}

/** The value of an export column (field table's exportColumns) of a stored request. */
export function columnText(request: unknown, column: ExportColumnKey): string {
  const parts = columnFields(column).map((path) => fieldText(request, path));
  switch (exportColumns[column].format) {
    case 'date':
      return dateText(parts);
    case 'words':
      return parts.filter(Boolean).join(' ');
    case 'list':
      return parts.filter(Boolean).join(' / ');
    case 'text':
      return parts.join('');
  }
}
