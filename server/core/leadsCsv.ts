import { brands } from '../../src/brand/brands';
import { exportColumns, type ExportColumnKey } from '../../src/estimate/contract/exportColumns';
import { japaneseDateTime } from '../../src/lib/peopleFormats';
import { toCsv } from './csv';
import { deliveryOf, leadChannels } from './leadChannels';
import type { ChannelDelivery, StoredLead } from './leadStore';
import { columnHeader, columnWords, roughPriceWords } from './leadValues';
import { attributionColumns, entryPointText } from './leadWords';
import { postalAreas } from './postalArea';

/**
 * What a platform reported (decision 014) says whether it took the event in, never whether it
 * counted it as a conversion: no text here says 計上.
 */
function sentText(delivery: ChannelDelivery): string {
  const sentAt = japaneseDateTime(delivery.sentAt ?? '');
  const reportedAt = japaneseDateTime(delivery.reportedAt ?? '');
  switch (delivery.report) {
    case 'waiting':
      return `保留 ${sentAt}送信（処理結果の確認待ち）`;
    case 'accepted':
      return `取込済 ${reportedAt}`;
    case 'partial':
      return `一部失敗 ${reportedAt}（${delivery.lastError ?? ''}）`;
    case 'unknown':
      return `不明 ${sentAt}送信（処理結果が返りませんでした）`;
    case 'test':
      return `テスト送信 ${sentAt}（テストモード：成果には含まれません）`;
    default:
      return `配信済み ${sentAt}`;
  }
}

function deliveryText(delivery: ChannelDelivery | undefined): string {
  if (!delivery) return '';
  const failures = delivery.attempts > 0 ? `${delivery.attempts}回失敗` : '';
  const why = [failures, delivery.lastError ?? ''].filter(Boolean).join(': ');
  switch (delivery.state) {
    case 'sent':
      return sentText(delivery);
    case 'pending':
      return why ? `未配信（${why}）` : '未配信';
    case 'dead':
      if (delivery.report === 'failed') {
        return `失敗 ${japaneseDateTime(delivery.reportedAt ?? '')}（${delivery.lastError ?? ''}）`;
      }
      return `配信停止 ${japaneseDateTime(delivery.deadLetteredAt ?? '')}${why ? `（${why}）` : ''}`;
    case 'skipped':
      return `送信なし（${delivery.lastError ?? ''}）`;
    case 'off':
      return '設定なし';
  }
}

type Column = { header: string; value: (lead: StoredLead, areas: PostalAreas) => string };

/** Postal code → its area, looked up once per export (postalArea.ts). */
type PostalAreas = ReadonlyMap<string, string>;

function formColumn(key: ExportColumnKey): Column {
  return {
    header: columnHeader(key),
    value: (lead, areas) =>
      columnWords(lead.request, key, areas.get(lead.request.vehicle.postalCode) ?? ''),
  };
}

/** Blank where the runtime keeps no state, or for a lead from before the channel existed. */
function channelColumn(channel: { name: string; label: string }): Column {
  return {
    header: `配信（${channel.label}）`,
    value: (lead) => deliveryText(deliveryOf(lead, channel.name)),
  };
}

/** For people: the lead, what the visitor sent, where they came from, then each delivery. */
const columns: Column[] = [
  { header: '受付日時', value: (lead) => japaneseDateTime(lead.receivedAt) },
  { header: '受付番号', value: (lead) => lead.id },
  { header: 'ブランド', value: (lead) => brands[lead.brand].name },
  { header: '入力元', value: (lead) => entryPointText(lead.request.entryPoint) },
  { header: 'スパム疑い', value: (lead) => (lead.suspectedSpam ? 'スパム疑い' : '') },
  ...(Object.keys(exportColumns) as ExportColumnKey[]).map(formColumn),
  { header: '概算（料金チェック）', value: (lead) => roughPriceWords(lead.request) },
  ...attributionColumns.map(({ header, value }) => ({
    header,
    value: (lead: StoredLead) => value(lead.request.tracking),
  })),
  ...leadChannels.map((channel) => channelColumn(channel)),
];

export async function leadsCsv(leads: readonly StoredLead[]): Promise<string> {
  const areas = await postalAreas(leads.map((lead) => lead.request.vehicle.postalCode));
  return toCsv([
    columns.map((column) => column.header),
    ...leads.map((lead) => columns.map((column) => column.value(lead, areas))),
  ]);
}
