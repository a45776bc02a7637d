import { brands } from '../../src/brand/brands';
import { exportColumns, type ExportColumnKey } from '../../src/estimate/contract/exportColumns';
import { japaneseDateTime } from '../../src/lib/serverFormats';
import { toCsv } from './csv';
import { stageLabels, type CurrentStage } from './stages';
import { deliveryOf, leadChannels } from '../delivery/channels';
import type { ChannelDelivery, StoredLead } from '../leads/store';
import { columnHeader, columnWords, roughPriceWords } from '../leads/values';
import { attributionColumns, entryPointText } from '../leads/words';
import { postalAreas, type PostalLookup } from '../leads/postalArea';

/** Whether the platform took the event in, never whether it counted it: no text here says 計上. */
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

/** A channel's state in words: the CSV's cell, and the staff page's per platform. */
export function deliveryText(delivery: ChannelDelivery | undefined): string {
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
      return `失敗（再送が必要） ${japaneseDateTime(delivery.deadLetteredAt ?? '')}${why ? `（${why}）` : ''}`;
    case 'skipped':
      return `送信なし（${delivery.lastError ?? ''}）`;
    case 'off':
      return '設定なし';
  }
}

/** Looked up once per export: postal code → its area (postalArea.ts), lead → its stage. */
type Lookups = {
  areas: ReadonlyMap<string, string>;
  stages: ReadonlyMap<string, CurrentStage>;
};

type Column = { header: string; value: (lead: StoredLead, lookups: Lookups) => string };

function formColumn(key: ExportColumnKey): Column {
  return {
    header: columnHeader(key),
    value: (lead, { areas }) =>
      columnWords(lead.request, key, areas.get(lead.request.vehicle.postalCode) ?? ''),
  };
}

/** Blank where the runtime keeps no stages (the export without the staff store). */
function stageColumn(header: string, words: (stage: CurrentStage) => string): Column {
  return {
    header,
    value: (lead, { stages }) => {
      const stage = stages.get(lead.id);
      return stage ? words(stage) : '';
    },
  };
}

const stageColumns: Column[] = [
  stageColumn('段階', (stage) => stageLabels[stage.stage]),
  stageColumn('段階の更新日時', (stage) =>
    stage.changedAt ? japaneseDateTime(stage.changedAt) : '',
  ),
  stageColumn('予約日時', (stage) => (stage.bookedFor ? japaneseDateTime(stage.bookedFor) : '')),
  stageColumn('店舗', (stage) => stage.shop ?? ''),
  // A plain number, the unit in the header: a spreadsheet sums the column as it is.
  stageColumn('金額（円・税込）', (stage) =>
    stage.amount === undefined ? '' : String(stage.amount),
  ),
];

/** Blank where the runtime keeps no state, or for a lead from before the channel existed. */
function channelColumn(channel: { name: string; label: string }): Column {
  return {
    header: `配信（${channel.label}）`,
    value: (lead) => deliveryText(deliveryOf(lead, channel.name)),
  };
}

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
  ...stageColumns,
  ...leadChannels.map((channel) => channelColumn(channel)),
];

export async function leadsCsv(
  leads: readonly StoredLead[],
  postalArea: PostalLookup,
  stages: ReadonlyMap<string, CurrentStage> = new Map(),
): Promise<string> {
  const codes = leads.map((lead) => lead.request.vehicle.postalCode);
  const areas = await postalAreas(postalArea, codes);
  const lookups = { areas, stages };
  return toCsv([
    columns.map((column) => column.header),
    ...leads.map((lead) => columns.map((column) => column.value(lead, lookups))),
  ]);
}
