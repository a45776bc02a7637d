/** The one formatter of the export, the mails and the D1 columns, so all show every value alike. */
import { exportColumns, type ExportColumnKey } from '../../src/estimate/contract/exportColumns';
import {
  field,
  fieldPaths,
  formLabel,
  type FieldPath,
} from '../../src/estimate/contract/fieldTable';
import type { StoredRequest } from './storedRequest';

type Group = 'vehicle' | 'customer' | 'request';

export function fieldText(request: StoredRequest, path: FieldPath): string {
  const [group, key] = path.split('.') as [Group, string | undefined];
  if (key === undefined) return '';
  return (request[group] as Readonly<Record<string, string | undefined>>)[key] ?? '';
}

function columnFields(column: ExportColumnKey): FieldPath[] {
  return fieldPaths.filter((path) => field(path).column === column);
}

export function columnHeader(column: ExportColumnKey): string {
  const spec = exportColumns[column];
  const [first] = columnFields(column);
  if ('header' in spec) return spec.header;
  return field(first!).group?.legend ?? formLabel(first!);
}

function dateText([year, month, day]: string[]): string {
  if (!year || !month) return '';
  const pad = (part: string) => part.padStart(2, '0');
  return day ? `${year}-${pad(month)}-${pad(day)}` : `${year}-${pad(month)}`;
}

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

/** The reading, last name first, as the inbox searches it by prefix (katakana, no space). */
export function leadKana(request: StoredRequest): string {
  return `${request.customer.lastNameKana}${request.customer.firstNameKana}`.replace(/\s/g, '');
}
