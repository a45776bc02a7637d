import type { ExportColumnKey } from '../../src/estimate/contract/exportColumns';
import { toCsv } from './csv';
import { tokyoDateTime } from '../../src/lib/tokyoTime';
import { deliveryOf, leadChannels } from './leadChannels';
import type { ChannelDelivery, StoredLead } from './leadStore';
import { columnHeader, columnText } from './leadValues';
import type { StoredRequest } from './storedRequest';

function japanTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : tokyoDateTime(new Date(time));
}

function deliveryText(delivery: ChannelDelivery | undefined): string {
  if (!delivery) return '';
  const failures = delivery.attempts > 0 ? `${delivery.attempts}回失敗` : '';
  const why = [failures, delivery.lastError ?? ''].filter(Boolean).join(': ');
  switch (delivery.state) {
    case 'sent':
      return `配信済み ${japanTime(delivery.sentAt ?? '')}`;
    case 'pending':
      return why ? `未配信（${why}）` : '未配信';
    case 'dead':
      return `配信停止 ${japanTime(delivery.deadLetteredAt ?? '')}${why ? `（${why}）` : ''}`;
    case 'skipped':
      return `送信なし（${delivery.lastError ?? ''}）`;
    case 'off':
      return '設定なし';
  }
}

function trackingText({ tracking }: StoredRequest): string {
  return Object.entries(tracking)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}

type Column = { header: string; value: (lead: StoredLead) => string };

function formColumn(key: ExportColumnKey): Column {
  return { header: columnHeader(key), value: (lead) => columnText(lead.request, key) };
}

function quoteText({ quote }: StoredRequest): string {
  return quote ? `${quote.vehicleClass} ${quote.roughTotal}円` : '';
}

/** Blank where the runtime keeps no state, or for a lead from before the channel existed. */
function channelColumn(channel: { name: string; label: string }, header?: string): Column {
  return {
    header: header ?? `配信（${channel.label}）`,
    value: (lead) => deliveryText(deliveryOf(lead, channel.name)),
  };
}

/** In the order staff spreadsheets expect: new columns go at the end. */
const columns: Column[] = [
  { header: '受付日時（JST）', value: (lead) => japanTime(lead.receivedAt) },
  { header: '受付番号', value: (lead) => lead.id },
  { header: 'ブランド', value: (lead) => lead.brand },
  { header: '入力元', value: (lead) => lead.request.entryPoint },
  { header: 'スパム疑い', value: (lead) => (lead.suspectedSpam ? 'スパム疑い' : '') },
  formColumn('name'),
  formColumn('kana'),
  formColumn('phone'),
  formColumn('email'),
  formColumn('maker'),
  formColumn('model'),
  formColumn('expiry'),
  formColumn('preferredDates'),
  formColumn('postalCode'),
  { header: '概算', value: (lead) => quoteText(lead.request) },
  { header: 'トラッキング', value: (lead) => trackingText(lead.request) },
  // The first channel, the webhook, keeps the place and header the one 配信 column always had.
  channelColumn(leadChannels[0]!, '配信'),
  formColumn('firstRegistration'),
  formColumn('mileage'),
  formColumn('courtesyCar'),
  formColumn('contactTime'),
  formColumn('notes'),
  ...leadChannels.slice(1).map((channel) => channelColumn(channel)),
];

export function leadsCsv(leads: readonly StoredLead[]): string {
  return toCsv([
    columns.map((column) => column.header),
    ...leads.map((lead) => columns.map((column) => column.value(lead))),
  ]);
}
