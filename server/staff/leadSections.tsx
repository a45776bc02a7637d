/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// A lead's page, section by section: its request, deliveries, the platforms told, its history.
import { telHref } from '../../src/brand/brands';
import { exportColumns, type ExportColumnKey } from '../../src/estimate/contract/exportColumns';
import { japaneseDateTime } from '../../src/lib/serverFormats';
import { channelNamed, deliveryOf, platformChannels } from '../delivery/channels';
import type { ChannelDelivery } from '../leads/store';
import { columnHeader, columnWords, roughPriceWords } from '../leads/values';
import { attributionRows, entryPointText } from '../leads/words';
import { platformLabels } from '../platforms/clicks';
import { ScrollRegion } from '../views/fields';
import { deliveryText } from './leadsCsv';
import type { StageChange } from './stages';
import type { StaffLead } from './store';
import { acceptedNote, deliveryStates, stageWords } from './words';

type Row = { label: string; value: string; href?: string };

function Definitions(props: { rows: readonly Row[] }) {
  return (
    <dl>
      {props.rows
        .filter((row) => row.value)
        .map((row) => (
          <>
            <dt>{row.label}</dt>
            <dd>{row.href ? <a href={row.href}>{row.value}</a> : row.value}</dd>
          </>
        ))}
    </dl>
  );
}

/** A phone number rings and an address opens the mail app from a staff's phone. */
const contactHrefs: Partial<Record<ExportColumnKey, (value: string) => string>> = {
  phone: telHref,
  email: (address) => `mailto:${address}`,
};

export function RequestRows(props: { lead: StaffLead; area: string }) {
  const { request } = props.lead;
  const rows: Row[] = (Object.keys(exportColumns) as ExportColumnKey[]).map((key) => {
    const value = columnWords(request, key, key === 'postalCode' ? props.area : '');
    const href = value && contactHrefs[key]?.(value);
    return { label: columnHeader(key), value, ...(href && { href }) };
  });
  rows.push({ label: '概算（料金チェック）', value: roughPriceWords(request) });
  return <Definitions rows={rows} />;
}

export function SourceRows(props: { lead: StaffLead }) {
  const { lead } = props;
  const rows = [
    { label: '受付日時', value: japaneseDateTime(lead.receivedAt) },
    { label: '入力元', value: entryPointText(lead.request.entryPoint) },
    ...attributionRows(lead.request.tracking),
  ];
  return <Definitions rows={rows} />;
}

export function DeliveryRows(props: { deliveries: readonly ChannelDelivery[] | undefined }) {
  const deliveries = (props.deliveries ?? []).filter(
    (delivery) => !channelNamed(delivery.channel)?.platform,
  );
  if (deliveries.length === 0) return <p class="note">配信の記録はまだありません。</p>;
  return (
    <ScrollRegion label="配信の状態">
      <table>
        <thead>
          <tr>
            <th>配信先</th>
            <th>状態</th>
            <th>送信日時</th>
            <th class="n">試行</th>
            <th>最後のエラー・理由</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr>
              <td>{channelNamed(delivery.channel)?.label ?? delivery.channel}</td>
              <td>{deliveryStates[delivery.state]}</td>
              <td>{delivery.sentAt ? japaneseDateTime(delivery.sentAt) : ''}</td>
              <td class="n">{delivery.attempts}</td>
              <td>{delivery.lastError ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** What each ad platform was told about the lead and what it reported (leadsCsv.ts words). */
export function PlatformRows(props: { lead: StaffLead }) {
  const { lead } = props;
  return (
    <>
      <p class="note">{acceptedNote}</p>
      <ScrollRegion label="広告媒体への送信">
        <table>
          <thead>
            <tr>
              <th>媒体</th>
              <th>伝えたこと</th>
              <th>状態・媒体の報告</th>
            </tr>
          </thead>
          <tbody>
            {platformChannels.flatMap(([platform, channels]) =>
              channels.map((channel, index) => (
                <tr>
                  {index === 0 && (
                    <th scope="rowgroup" rowspan={channels.length}>
                      {platformLabels[platform]}
                    </th>
                  )}
                  <td>{channel.event ?? channel.label}</td>
                  <td>{deliveryText(deliveryOf(lead, channel.name)) || '記録なし'}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

export function HistoryRows(props: { history: readonly StageChange[] }) {
  if (props.history.length === 0) return <p class="note">まだ記録はありません（新規）。</p>;
  return (
    <ScrollRegion label="段階の履歴">
      <table>
        <thead>
          <tr>
            <th>日時</th>
            <th>段階</th>
            <th>担当</th>
          </tr>
        </thead>
        <tbody>
          {props.history.map((change) => (
            <tr>
              <td>{japaneseDateTime(change.at)}</td>
              <td>{stageWords(change)}</td>
              <td>{change.actor}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
