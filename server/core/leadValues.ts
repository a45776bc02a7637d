/**
 * A lead's values as text, the one formatter of the staff export (leadsCsv.ts), the mails and the
 * lead's D1 columns (server/worker/d1LeadStore.ts), so all show every value alike.
 */
import { exportColumns, type ExportColumnKey } from '../../src/estimate/contract/exportColumns';
import {
  field,
  fieldPaths,
  formLabel,
  type FieldPath,
} from '../../src/estimate/contract/fieldTable';
import type { StoredRequest } from './storedRequest';

type Group = 'vehicle' | 'customer' | 'request';

/** A form field's value, '' where the visitor left it empty. */
export function fieldText(request: StoredRequest, path: FieldPath): string {
  const [group, key] = path.split('.') as [Group, string | undefined];
  if (key === undefined) return '';
  return (request[group] as Readonly<Record<string, string | undefined>>)[key] ?? '';
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
export function columnText(request: StoredRequest, column: ExportColumnKey): string {
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
