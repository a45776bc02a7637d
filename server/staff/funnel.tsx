/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// The funnel: a period's leads by where they came from and how far each got (stages.ts's steps).
import { yen } from '../../src/lib/peopleFormats';
import { japaneseDate } from '../../src/lib/peopleFormats';
import { platformChannels } from '../delivery/channels';
import type { AppContext } from '../http/context';
import { platformLabels } from '../platforms/clicks';
import { DayField, ErrorSummary, type Errors, ScrollRegion } from '../views/fields';
import { parseFunnelRange } from './forms/ranges';
import { audit } from './gate';
import { staffPage } from './layout';
import { endedStages, funnelSteps, stageLabels, type EndedStage, type FunnelStep } from './stages';
import type { ChannelCount, FunnelRow } from './store';
import { acceptedNote } from './words';

type Totals = Record<FunnelStep | EndedStage | 'leads' | 'amount', number>;

const empty = (): Totals =>
  ({
    leads: 0,
    amount: 0,
    ...Object.fromEntries([...funnelSteps, ...endedStages].map((step) => [step.name, 0])),
  }) as Totals;

function add(into: Totals, row: Totals): void {
  for (const key of Object.keys(into) as (keyof Totals)[]) into[key] += row[key];
}

const count = (n: number) => n.toLocaleString('ja-JP');
const rate = (part: number, whole: number) =>
  whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`;

function FunnelTable(props: { heading: string; groups: readonly (readonly [string, Totals])[] }) {
  return (
    <>
      <h2>{props.heading}</h2>
      <ScrollRegion label={props.heading}>
        <table class="wide">
          <thead>
            <tr>
              <th></th>
              <th class="n">依頼</th>
              {funnelSteps.map((step) => (
                <th class="n">{step.label}</th>
              ))}
              <th class="n">{stageLabels[funnelSteps.at(-1)!.name]}金額（税込）</th>
              {endedStages.map((stage) => (
                <th class="n">{stage.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.groups.map(([name, totals]) => (
              <tr>
                <th scope="row">{name}</th>
                <td class="n">{count(totals.leads)}</td>
                {funnelSteps.map((step) => (
                  <td class="n">
                    {count(totals[step.name])}（{rate(totals[step.name], totals.leads)}）
                  </td>
                ))}
                <td class="n">{yen(totals.amount)}</td>
                {endedStages.map((stage) => (
                  <td class="n">
                    {count(totals[stage.name])}（{rate(totals[stage.name], totals.leads)}）
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

type Dimension = { heading: string; key: (row: FunnelRow) => string; none: string };

const dimensions: Dimension[] = [
  { heading: '参照元（utm_source）別', key: (row) => row.source, none: '（なし）' },
  { heading: 'メディア（utm_medium）別', key: (row) => row.medium, none: '（なし）' },
  { heading: 'キャンペーン（utm_campaign）別', key: (row) => row.campaign, none: '（なし）' },
  {
    heading: '広告媒体（クリックID）別',
    key: (row) => (row.platform ? platformLabels[row.platform] : ''),
    none: '広告のクリックなし',
  },
];

function groupsOf(rows: readonly FunnelRow[], dimension: Dimension): [string, Totals][] {
  const groups = new Map<string, Totals>();
  for (const row of rows) {
    const name = dimension.key(row) || dimension.none;
    const totals = groups.get(name) ?? empty();
    add(totals, row);
    groups.set(name, totals);
  }
  return [...groups].sort((a, b) => b[1].leads - a[1].leads);
}

function PlatformTable(props: { rows: readonly FunnelRow[]; counts: readonly ChannelCount[] }) {
  const sent = (name: string, key: 'sent' | 'accepted' | 'failed') =>
    count(props.counts.find((row) => row.channel === name)?.[key] ?? 0);
  const done = funnelSteps.at(-1)!.name;
  return (
    <>
      <h2>広告媒体別（送信と報告）</h2>
      <p class="note">
        クリックで来た依頼・{stageLabels[done]}
        は、その媒体の広告のクリックから来た依頼（最初のクリックIDで判定）です。送信・取込済・失敗は、期間の依頼のうち媒体に送った件数で、クリックのない依頼（連絡先だけの送信）も含みます。
        {acceptedNote}
      </p>
      <ScrollRegion label="広告媒体別（送信と報告）">
        <table class="wide">
          <thead>
            <tr>
              <th>媒体</th>
              <th class="n">クリックで来た依頼</th>
              <th class="n">{stageLabels[done]}</th>
              <th class="n">{stageLabels[done]}金額（税込）</th>
              <th>伝えたこと</th>
              <th class="n">送信</th>
              <th class="n">取込済</th>
              <th class="n">失敗</th>
            </tr>
          </thead>
          <tbody>
            {platformChannels.flatMap(([platform, channels]) => {
              const brought = empty();
              for (const row of props.rows) if (row.platform === platform) add(brought, row);
              const span = channels.length;
              return channels.map((channel, index) => (
                <tr>
                  {index === 0 && (
                    <>
                      <th scope="rowgroup" rowspan={span}>
                        {platformLabels[platform]}
                      </th>
                      <td class="n" rowspan={span}>
                        {count(brought.leads)}
                      </td>
                      <td class="n" rowspan={span}>
                        {count(brought[done])}
                      </td>
                      <td class="n" rowspan={span}>
                        {yen(brought.amount)}
                      </td>
                    </>
                  )}
                  <td>{channel.event ?? channel.label}</td>
                  <td class="n">{sent(channel.name, 'sent')}</td>
                  <td class="n">{sent(channel.name, 'accepted')}</td>
                  <td class="n">{sent(channel.name, 'failed')}</td>
                </tr>
              ));
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

function FunnelPage(props: {
  rows: readonly FunnelRow[];
  counts: readonly ChannelCount[];
  from: string;
  to: string;
  errors: Errors;
}) {
  const total = empty();
  for (const row of props.rows) add(total, row);
  return (
    <>
      <ErrorSummary errors={props.errors} />
      <form class="filters" method="get" action="/staff/funnel">
        <DayField
          name="from"
          label="受付日（から）"
          value={props.from}
          required
          error={props.errors.from}
        />
        <DayField
          name="to"
          label="受付日（まで）"
          value={props.to}
          required
          error={props.errors.to}
        />
        <div class="field">
          <button>集計する</button>
        </div>
      </form>
      <p class="note">
        期間に受け付けた依頼（対象外を除く）が、いまどの段階まで進んだかを数えます。率は依頼数に対する割合です。表が画面に収まらないときは、横にスクロールできます。
      </p>
      <FunnelTable heading="合計" groups={[['すべて', total]]} />
      {dimensions.map((dimension) => (
        <FunnelTable heading={dimension.heading} groups={groupsOf(props.rows, dimension)} />
      ))}
      <PlatformTable rows={props.rows} counts={props.counts} />
    </>
  );
}

export async function funnel(c: AppContext): Promise<Response> {
  const { staff, now } = c.var.services;
  const typed = { from: c.req.query('from') ?? '', to: c.req.query('to') ?? '' };
  const parsed = parseFunnelRange(typed, now());
  const { from, to } = parsed.ok ? parsed.value.days : typed;
  const channels = platformChannels.flatMap(([, listed]) => listed.map(({ name }) => name));
  const [rows, counts] = parsed.ok
    ? await Promise.all([
        staff.funnel(c.var.brand, parsed.value.from, parsed.value.to),
        staff.channelCounts(c.var.brand, parsed.value.from, parsed.value.to, channels),
      ])
    : [[], []];
  await audit(c, 'funnel', `${japaneseDate(from)}〜${japaneseDate(to)}`);
  const errors = parsed.ok ? {} : parsed.errors;
  const body = <FunnelPage rows={rows} counts={counts} from={from} to={to} errors={errors} />;
  return staffPage(c, parsed.ok ? 200 : 422, 'ファネル', body);
}
