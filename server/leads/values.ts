// A lead's values: `columnText` in machine formats (D1 columns, webhook), `columnWords` as people
// read them (mails, CSV, staff pages).
import { exportColumns, type ExportColumnKey } from '../../src/estimate/contract/exportColumns';
import {
  field,
  fieldPaths,
  formLabel,
  type FieldPath,
} from '../../src/estimate/contract/fieldTable';
import { displayPhone } from '../../src/lib/serverFormats';
import { displayPostalCode, japaneseDate, yen } from '../../src/lib/peopleFormats';
import { legalFeeRates, legalFeesAsOf } from '../../src/content/legalFees';
import { japaneseDay } from '../../src/lib/plainFormats';
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

function choiceLabel(path: FieldPath, value: string): string {
  const choice = field(path).options?.find(
    (option): option is { value: string; label: string } =>
      typeof option === 'object' && option.value === value,
  );
  return choice ? choice.label : value;
}

/** The postal area (東京都渋谷区) is the server's lookup (postalArea.ts), never the client's text. */
export function columnWords(request: StoredRequest, column: ExportColumnKey, area = ''): string {
  const text = columnText(request, column);
  if (!text) return '';
  const paths = columnFields(column);
  switch (column) {
    case 'expiry':
    case 'firstRegistration':
      return japaneseDate(text);
    case 'preferredDates':
      return paths
        .map((path) => fieldText(request, path))
        .filter(Boolean)
        .map((day) => japaneseDate(day))
        .join('、');
    case 'phone':
      return displayPhone(text);
    case 'postalCode':
      return [displayPostalCode(text), area].filter(Boolean).join(' ');
    case 'mileage':
      return /^\d+$/.test(text) ? Number(text).toLocaleString('ja-JP') : text;
    default:
      return paths.length === 1 ? choiceLabel(paths[0]!, text) : text;
  }
}

/** 80,250円（車両重量〜2.0t）: the price check's rough total, where the visitor used it. */
export function roughPriceWords({ quote }: StoredRequest): string {
  if (!quote || quote.roughTotal <= 0) return '';
  const label = legalFeeRates.classes[quote.vehicleClass].label;
  return `${yen(quote.roughTotal)}（${label}）`;
}

/** As the page's price check shows it, for the visitor: an example, from, what it includes, when. */
export function quotedRoughPrice({ quote }: StoredRequest): string {
  if (!quote || quote.roughTotal <= 0) return '';
  const label = legalFeeRates.classes[quote.vehicleClass].label;
  return `例 ${yen(quote.roughTotal)}〜（${label}、税込・法定費用込み。法定費用は${japaneseDay(legalFeesAsOf)}時点の額）`;
}

/** The reading, last name first, as the inbox searches it by prefix (katakana, no space). */
export function leadKana(request: StoredRequest): string {
  return columnText(request, 'kana').replace(/\s/g, '');
}
