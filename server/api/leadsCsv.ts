/**
 * The staff export's rows: one lead a row, the columns staff sort and call by, times in Japan.
 * Stored requests are the schema's output, but they are read as untrusted data all the same (a
 * row written by an older release, a hand-edited file): anything not a string shows as empty.
 */
import { isRecord } from '../../src/lib/isRecord';
import { toCsv } from './csv';
import type { StoredLead } from './leadStore';

const header = [
  '受付日時（JST）',
  '受付番号',
  'ブランド',
  '入力元',
  'スパム疑い',
  'お名前',
  'フリガナ',
  '電話番号',
  'メールアドレス',
  'メーカー',
  '車種',
  '車検満了日',
  '希望日',
  '郵便番号',
  '概算',
  'トラッキング',
  '配信',
  '初度登録年月',
  '走行距離（km）',
  '代車',
  '連絡希望時間帯',
  '備考',
];

/** An ISO instant as "YYYY-MM-DD HH:mm:ss" in Japan; '' when unreadable. */
function tokyoDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function text(value: unknown, ...path: string[]): string {
  let current = value;
  for (const key of path) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) return '';
    current = current[key];
  }
  if (typeof current === 'number') return String(current);
  return typeof current === 'string' ? current : '';
}

function joined(separator: string, ...parts: string[]): string {
  return parts.filter(Boolean).join(separator);
}

/** Every tracking field as name=value, space-separated, in the stored order. */
function trackingText(tracking: unknown): string {
  if (!isRecord(tracking)) return '';
  return Object.entries(tracking)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}

function row(lead: StoredLead): string[] {
  const body = lead.request;
  const expiry = joined(
    '-',
    text(body, 'vehicle', 'expiryYear'),
    text(body, 'vehicle', 'expiryMonth'),
    text(body, 'vehicle', 'expiryDay'),
  );
  const roughTotal = text(body, 'quote', 'roughTotal');
  return [
    tokyoDateTime(lead.receivedAt),
    lead.id,
    lead.brand,
    text(body, 'entryPoint'),
    lead.suspectedSpam ? 'スパム疑い' : '',
    joined(' ', text(body, 'customer', 'lastName'), text(body, 'customer', 'firstName')),
    joined(' ', text(body, 'customer', 'lastNameKana'), text(body, 'customer', 'firstNameKana')),
    text(body, 'customer', 'phone'),
    text(body, 'customer', 'email'),
    text(body, 'vehicle', 'maker'),
    text(body, 'vehicle', 'model'),
    expiry,
    joined(' / ', text(body, 'request', 'preferredDate1'), text(body, 'request', 'preferredDate2')),
    text(body, 'vehicle', 'postalCode'),
    roughTotal ? joined(' ', text(body, 'quote', 'vehicleClass'), `${roughTotal}円`) : '',
    isRecord(body) ? trackingText(body.tracking) : '',
    lead.deliveredAt ? `配信済み ${tokyoDateTime(lead.deliveredAt)}` : '未配信',
    joined(
      '-',
      text(body, 'vehicle', 'firstRegistrationYear'),
      text(body, 'vehicle', 'firstRegistrationMonth'),
    ),
    text(body, 'vehicle', 'mileage'),
    text(body, 'request', 'courtesyCar'),
    text(body, 'request', 'contactTime'),
    text(body, 'request', 'notes'),
  ];
}

/** The export: header and one row per lead, as CSV (csv.ts). */
export function leadsCsv(leads: readonly StoredLead[]): string {
  return toCsv([header, ...leads.map(row)]);
}
