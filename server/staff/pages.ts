/**
 * The staff's pages, rendered from strings like the no-JS answers (decision 012): every value
 * escaped, every date, phone, postal code and choice in people's formats, forms that work
 * without JavaScript. staffSite.ts routes them.
 */
import { brands, type BrandId } from '../../src/brand/brands';
import { exportColumns, type ExportColumnKey } from '../../src/estimate/contract/exportColumns';
import { escapeHtml } from '../../src/lib/escapeHtml';
import { displayPhone, japaneseDateTime } from '../../src/lib/serverFormats';
import { yen } from '../../src/lib/peopleFormats';
import type { ConversionPlatform } from '../../src/content/externalTransmission';
import type { TrackingKey } from '../../src/tracking/trackingFields';
import { platformLabels } from '../platforms/platform';
import { channelNamed, deliveryOf, platformChannels } from '../delivery/channels';
import { deliveryText } from './leadsCsv';
import type { ChannelDelivery, DeliveryState } from '../leads/store';
import {
  excludedReasons,
  stageLabels,
  stageNames,
  type CurrentStage,
  type StageChange,
} from './stages';
import { formLabel } from '../../src/estimate/contract/fieldTable';
import { columnHeader, columnWords, roughPriceWords } from '../leads/values';
import { attributionRows, clickWords, entryPointText } from '../leads/words';
import { erasedNotice } from '../leads/retention';
import type {
  AuditAction,
  AuditEntry,
  ChannelCount,
  FunnelRow,
  LeadSummary,
  StaffLead,
} from './store';

export const staffStyle = [
  'body{font-family:system-ui,sans-serif;line-height:1.6;margin:0 auto;padding:0 1rem 2rem;max-width:72rem;color:#1a1a1a;background:#fff}',
  'header{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;border-bottom:1px solid #ccc;padding:.5rem 0;margin-bottom:1rem}',
  'header strong{font-size:1.1rem}nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}',
  'h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}a{color:#0645ad}',
  'table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border-bottom:1px solid #ddd;padding:.4rem .5rem;text-align:left;vertical-align:top}',
  'th{background:#f3f3f3}td.n,th.n{text-align:right;white-space:nowrap}',
  '.scroll{overflow-x:auto}.scroll table{min-width:36rem}',
  'form.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end}',
  'label{display:block;font-weight:bold}input,select,button{font:inherit;padding:.4rem;border:1px solid #555;box-sizing:border-box;max-width:100%}',
  'button{padding:.5rem 1.25rem;background:#0645ad;color:#fff;border:0;cursor:pointer}button.link{background:none;color:#0645ad;padding:0;text-decoration:underline}',
  'fieldset{border:1px solid #ccc;margin:1rem 0;padding:.5rem 1rem}.field{margin:.75rem 0}',
  '.errors{border:2px solid #b00020;padding:.5rem 1rem}.error{color:#b00020;margin:.25rem 0 0}',
  '.stage{display:inline-block;padding:0 .5rem;border:1px solid #555;border-radius:.25rem;white-space:nowrap}',
  '.warn{color:#b00020;font-weight:bold}.note{color:#555}',
  'dl{display:grid;grid-template-columns:minmax(8rem,14rem) 1fr;gap:.25rem 1rem}dt{font-weight:bold}dd{margin:0;overflow-wrap:anywhere}',
  '.nowrap{white-space:nowrap}',
  '@media (max-width:40rem){dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}',
  // The inbox as cards on a phone: each cell on its own line under its column's name.
  'table.leads{min-width:0}table.leads thead{display:none}table.leads tr{display:block;border-bottom:1px solid #ccc;padding:.5rem 0}',
  'table.leads td{display:block;border:0;padding:.1rem 0}table.leads td[data-label]::before{content:attr(data-label) "：";color:#555;font-size:.9em}}',
].join('');

const e = escapeHtml;

/** The fields' names as the field table writes them (the one place they are written). */
export const fieldWords = {
  name: columnHeader('name'),
  kana: columnHeader('kana'),
  phone: columnHeader('phone'),
  email: columnHeader('email'),
  maker: columnHeader('maker'),
  model: columnHeader('model'),
  expiry: columnHeader('expiry'),
  lastName: formLabel('customer.lastName'),
  firstName: formLabel('customer.firstName'),
};

export type PageFrame = { brand: BrandId; actor: string; signOut: boolean };

export function staffPage(frame: PageFrame | BrandId, title: string, body: string): string {
  const brand = typeof frame === 'string' ? frame : frame.brand;
  const name = e(brands[brand].name);
  const nav =
    typeof frame === 'string'
      ? ''
      : `<nav aria-label="スタッフメニュー"><a href="/staff">受信箱</a><a href="/staff/new">電話の受付を入力</a><a href="/staff/funnel">ファネル</a><a href="/staff/audit">操作の記録</a></nav>
<span>${e(frame.actor)}</span>${frame.signOut ? '<form method="post" action="/staff/logout"><button class="link">ログアウト</button></form>' : ''}`;
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${e(title)} | ${name} スタッフ</title>
<style>${staffStyle}</style>
</head>
<body>
<header><strong>${name} スタッフ</strong>${nav}</header>
<main>
<h1>${e(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

function errorList(errors: Record<string, string>): string {
  const messages = Object.values(errors);
  if (messages.length === 0) return '';
  return `<div class="errors" role="alert"><p>入力を確かめてください。</p><ul>${messages.map((message) => `<li>${e(message)}</li>`).join('')}</ul></div>`;
}

function input(
  name: string,
  label: string,
  value: string,
  attributes = '',
  error?: string,
): string {
  const id = `f-${name}`;
  return `<div class="field"><label for="${id}">${e(label)}</label><input id="${id}" name="${e(name)}" value="${e(value)}" ${attributes}${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${error ? `<p class="error" id="${id}-error">${e(error)}</p>` : ''}</div>`;
}

function select(
  name: string,
  label: string,
  options: [string, string][],
  selected: string,
): string {
  return `<div class="field"><label for="f-${name}">${e(label)}</label><select id="f-${name}" name="${e(name)}">${options
    .map(
      ([value, text]) =>
        `<option value="${e(value)}"${value === selected ? ' selected' : ''}>${e(text)}</option>`,
    )
    .join('')}</select></div>`;
}

/** 2026-12-19T10:00+09:00 → 2026年12月19日（土）10:00. */
function bookingWords(bookedFor: string | undefined): string {
  return bookedFor ? japaneseDateTime(bookedFor) : '';
}

/** 2026年12月19日（土）10:00・渋谷店, 54,321円（税込）, the reason: what a stage was recorded with. */
function stageDetails(
  stage: Pick<CurrentStage, 'bookedFor' | 'shop' | 'amount'> & { reason?: string },
): string {
  return [
    bookingWords(stage.bookedFor),
    stage.shop ?? '',
    stage.amount !== undefined ? `${yen(stage.amount)}（税込）` : '',
    stage.reason ?? '',
  ]
    .filter(Boolean)
    .join('・');
}

function stageWords(
  stage: Pick<CurrentStage, 'stage' | 'bookedFor' | 'shop' | 'amount'> & { reason?: string },
): string {
  const details = stageDetails(stage);
  return details ? `${stageLabels[stage.stage]}（${details}）` : stageLabels[stage.stage];
}

export type InboxQuery = { stage: string; from: string; to: string; q: string };

export function inboxBody(
  leads: readonly LeadSummary[],
  query: InboxQuery,
  errors: Record<string, string>,
  staleBefore: Date,
): string {
  const stageOptions: [string, string][] = [
    ['', 'すべて'],
    ...stageNames.map((name): [string, string] => [name, stageLabels[name]]),
  ];
  const filters = `<form class="filters" method="get" action="/staff">
${select('stage', '段階', stageOptions, query.stage)}
${input('from', '受付日（から）', query.from, 'type="date"', errors.from)}
${input('to', '受付日（まで）', query.to, 'type="date"', errors.to)}
${input('q', `受付番号・${fieldWords.phone}・${fieldWords.kana}`, query.q, 'type="search" autocomplete="off"')}
<div class="field"><button>絞り込む</button></div>
</form>`;
  const rows = leads
    .map((lead) => {
      const stale =
        lead.stage.stage === 'new' && Date.parse(lead.receivedAt) < staleBefore.getTime();
      const name = lead.erased
        ? '<span class="note">（保存期間を過ぎ消去済み）</span>'
        : `${e(lead.name)}${lead.kana ? `（${e(lead.kana)}）` : ''}`;
      const marks = `${stale ? ' <span class="warn">未対応</span>' : ''}${lead.suspectedSpam ? ' <span class="warn">スパム疑い</span>' : ''}`;
      return `<tr><td data-label="受付日時" class="nowrap">${e(japaneseDateTime(lead.receivedAt))}</td><td data-label="受付番号" class="nowrap"><a href="/staff/leads/${encodeURIComponent(lead.id)}">${e(lead.id)}</a></td><td data-label="${fieldWords.name}">${name}</td><td data-label="${fieldWords.phone}" class="nowrap">${e(displayPhone(lead.phone))}</td><td data-label="${fieldWords.model}">${e(lead.model)}</td><td data-label="段階"><span class="stage">${e(stageLabels[lead.stage.stage])}</span>${marks}</td><td data-label="予約・金額">${e(stageDetails(lead.stage))}</td></tr>`;
    })
    .join('\n');
  const table =
    leads.length === 0
      ? '<p>該当するお見積もり依頼はありません。</p>'
      : `<div class="scroll"><table class="leads"><caption class="note">新しい順（${leads.length}件）</caption><thead><tr><th>受付日時</th><th>受付番号</th><th>${fieldWords.name}</th><th>${fieldWords.phone}</th><th>${fieldWords.model}</th><th>段階</th><th>予約・金額</th></tr></thead><tbody>
${rows}
</tbody></table></div>`;
  return `${errorList(errors)}${filters}\n${table}`;
}

const deliveryStates: Record<DeliveryState, string> = {
  pending: '送信待ち',
  sent: '送信済み',
  dead: '失敗（再送が必要）',
  skipped: '送らない',
  off: '設定なし',
};

function deliveryRows(all: readonly ChannelDelivery[] | undefined): string {
  if (!all) return '<p class="note">この環境では配信の状態を記録していません。</p>';
  const deliveries = all.filter((delivery) => !channelNamed(delivery.channel)?.platform);
  if (deliveries.length === 0) return '<p class="note">配信の記録はまだありません。</p>';
  return `<div class="scroll"><table><thead><tr><th>配信先</th><th>状態</th><th>送信日時</th><th class="n">試行</th><th>最後のエラー・理由</th></tr></thead><tbody>${deliveries
    .map(
      (delivery) =>
        `<tr><td>${e(channelNamed(delivery.channel)?.label ?? delivery.channel)}</td><td>${e(deliveryStates[delivery.state])}</td><td>${e(delivery.sentAt ? japaneseDateTime(delivery.sentAt) : '')}</td><td class="n">${delivery.attempts}</td><td>${e(delivery.lastError ?? '')}</td></tr>`,
    )
    .join('')}</tbody></table></div>`;
}

const acceptedNote =
  '取込済は、媒体がデータを受け取り処理したという報告で、広告の成果に数えられたかどうかは分かりません。';

/** What each ad platform was told about the lead and what it reported (leadsCsv.ts words). */
function platformRows(lead: StaffLead): string {
  if (!lead.deliveries)
    return '<p class="note">この環境では広告媒体への送信を記録していません。</p>';
  const rows = platformChannels.flatMap(([platform, channels]) =>
    channels.map(
      (channel, index) =>
        `<tr>${index === 0 ? `<th scope="rowgroup" rowspan="${channels.length}">${e(platformLabels[platform])}</th>` : ''}<td>${e(channel.event ?? channel.label)}</td><td>${e(deliveryText(deliveryOf(lead, channel.name)) || '記録なし')}</td></tr>`,
    ),
  );
  return `<p class="note">${acceptedNote}</p><div class="scroll"><table><thead><tr><th>媒体</th><th>伝えたこと</th><th>状態・媒体の報告</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function historyRows(history: readonly StageChange[]): string {
  if (history.length === 0) return '<p class="note">まだ記録はありません（新規）。</p>';
  return `<div class="scroll"><table><thead><tr><th>日時</th><th>段階</th><th>担当</th></tr></thead><tbody>${history
    .map(
      (change) =>
        `<tr><td>${e(japaneseDateTime(change.at))}</td><td>${e(stageWords(change))}</td><td>${e(change.actor)}</td></tr>`,
    )
    .join('')}</tbody></table></div>`;
}

function definitions(rows: readonly { label: string; value: string }[]): string {
  const shown = rows.filter((row) => row.value);
  return `<dl>${shown.map((row) => `<dt>${e(row.label)}</dt><dd>${e(row.value)}</dd>`).join('')}</dl>`;
}

export type StageFormValues = Record<
  'stage' | 'bookedFor' | 'shop' | 'amount' | 'reason' | 'excludedReason',
  string
>;

/** The stage form as it first opens: nothing chosen, nothing typed. */
export const noStageValues: StageFormValues = {
  stage: '',
  bookedFor: '',
  shop: '',
  amount: '',
  reason: '',
  excludedReason: '',
};

/** One form for every stage: the fields a stage needs are checked on the server. */
function stageForm(
  lead: StaffLead,
  key: string,
  values: StageFormValues,
  errors: Record<string, string>,
): string {
  const choices = stageNames
    .filter((name) => name !== 'new')
    .map(
      (name) =>
        `<label><input type="radio" name="stage" value="${name}"${values.stage === name ? ' checked' : ''} required> ${e(stageLabels[name])}</label>`,
    )
    .join('');
  const booked = lead.stage.bookedFor?.slice(0, 16) ?? '';
  return `<form method="post" action="/staff/leads/${encodeURIComponent(lead.id)}/stages">
<input type="hidden" name="key" value="${e(key)}">
<fieldset><legend>次の段階</legend>${choices}${errors.stage ? `<p class="error">${e(errors.stage)}</p>` : ''}</fieldset>
<fieldset><legend>予約確定のとき</legend>
${input('bookedFor', '入庫日時', values.bookedFor || booked, 'type="datetime-local"', errors.bookedFor)}
${input('shop', '店舗', values.shop || lead.stage.shop || '', 'type="text" maxlength="100"', errors.shop)}
</fieldset>
<fieldset><legend>完了のとき</legend>
${input('amount', '請求金額（円・税込）', values.amount, 'type="text" inputmode="numeric"', errors.amount)}
</fieldset>
<fieldset><legend>失注・対象外のとき</legend>
${input('reason', '失注の理由', values.reason, 'type="text" maxlength="200"', errors.stage === undefined && values.stage === 'lost' ? errors.reason : undefined)}
${select('excludedReason', '対象外の理由', [['', '選択してください'], ...excludedReasons.map((reason): [string, string] => [reason, reason])], values.excludedReason)}
${values.stage === 'excluded' && errors.reason ? `<p class="error">${e(errors.reason)}</p>` : ''}
</fieldset>
<p class="note">記録した段階は履歴に残ります。誤りは、正しい段階をもう一度記録して訂正してください。</p>
<button>記録する</button>
</form>`;
}

export function leadBody(
  lead: StaffLead,
  area: string,
  form: { key: string; values: StageFormValues; errors: Record<string, string> },
): string {
  const { request } = lead;
  const fields = (Object.keys(exportColumns) as ExportColumnKey[]).map((key) => ({
    label: columnHeader(key),
    value: columnWords(request, key, key === 'postalCode' ? area : ''),
  }));
  fields.push({ label: '概算（料金チェック）', value: roughPriceWords(request) });
  const source = [
    { label: '受付日時', value: japaneseDateTime(lead.receivedAt) },
    { label: '入力元', value: entryPointText(request.entryPoint) },
    ...attributionRows(request.tracking),
  ];
  const erased = lead.erasedAt
    ? `<p class="warn">${e(erasedNotice)}（${e(japaneseDateTime(lead.erasedAt))}に消去）。受付日時・流入元・段階と金額は集計のために残しています。</p>`
    : '';
  return `${erased}${lead.suspectedSpam ? '<p class="warn">スパムの疑いがあります（フォームの隠し項目が入力されていました）。確認メールは送っていません。</p>' : ''}
<p>受付番号 <strong>${e(lead.id)}</strong> 現在の段階: <span class="stage">${e(stageWords({ ...lead.stage }))}</span></p>
${errorList(form.errors)}
<h2>段階を記録する</h2>
${stageForm(lead, form.key, form.values, form.errors)}
<h2>ご依頼内容</h2>
${lead.erasedAt ? `<p class="note">消去済みです。</p>` : definitions(fields)}
<h2>流入元</h2>
${definitions(source)}
<h2>配信の状態</h2>
${deliveryRows(lead.deliveries)}
<h2>広告媒体への送信</h2>
${platformRows(lead)}
<h2>段階の履歴</h2>
${historyRows(lead.history)}`;
}

const actionWords: Record<AuditAction, string> = {
  list: '一覧を表示',
  view: '詳細を表示',
  stage: '段階を記録',
  create: '電話の受付を入力',
  funnel: 'ファネルを表示',
  export: 'CSVを出力',
};

export function auditBody(entries: readonly AuditEntry[]): string {
  if (entries.length === 0) return '<p>まだ記録はありません。</p>';
  return `<p class="note">新しい順（${entries.length}件）。</p><div class="scroll"><table><thead><tr><th>日時</th><th>担当</th><th>操作</th><th>対象</th></tr></thead><tbody>${entries
    .map(
      (entry) =>
        `<tr><td>${e(japaneseDateTime(entry.at))}</td><td>${e(entry.actor)}</td><td>${e(actionWords[entry.action] ?? entry.action)}</td><td>${/^[0-9A-Za-z-]+$/.test(entry.target) && entry.action !== 'export' ? `<a href="/staff/leads/${encodeURIComponent(entry.target)}">${e(entry.target)}</a>` : e(entry.target)}</td></tr>`,
    )
    .join('')}</tbody></table></div>`;
}

type Dimension = { heading: string; key: (row: FunnelRow) => string; none: string };

const dimensions: Dimension[] = [
  { heading: '参照元（utm_source）別', key: (row) => row.source, none: '（なし）' },
  { heading: 'メディア（utm_medium）別', key: (row) => row.medium, none: '（なし）' },
  { heading: 'キャンペーン（utm_campaign）別', key: (row) => row.campaign, none: '（なし）' },
  { heading: '広告媒体（クリックID）別', key: (row) => row.platform, none: '広告のクリックなし' },
];

type Totals = Omit<FunnelRow, 'source' | 'medium' | 'campaign' | 'platform'>;

function add(into: Totals, row: Totals): void {
  into.leads += row.leads;
  into.contacted += row.contacted;
  into.booked += row.booked;
  into.completed += row.completed;
  into.amount += row.amount;
}

const empty = (): Totals => ({ leads: 0, contacted: 0, booked: 0, completed: 0, amount: 0 });

function rate(part: number, whole: number): string {
  return whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`;
}

function funnelTable(heading: string, groups: [string, Totals][]): string {
  const cells = (totals: Totals) =>
    `<td class="n">${totals.leads.toLocaleString('ja-JP')}</td>${(
      ['contacted', 'booked', 'completed'] as const
    )
      .map(
        (step) =>
          `<td class="n">${totals[step].toLocaleString('ja-JP')}（${rate(totals[step], totals.leads)}）</td>`,
      )
      .join('')}<td class="n">${e(yen(totals.amount))}</td>`;
  return `<h2>${e(heading)}</h2><div class="scroll"><table><thead><tr><th></th><th class="n">依頼</th><th class="n">連絡済み</th><th class="n">予約確定</th><th class="n">完了</th><th class="n">完了金額（税込）</th></tr></thead><tbody>${groups
    .map(([name, totals]) => `<tr><th scope="row">${e(name)}</th>${cells(totals)}</tr>`)
    .join('')}</tbody></table></div>`;
}

/** The click id that names a platform's clicks in the funnel (clickPlatformOf, staffStore.ts). */
const platformClick: Record<ConversionPlatform, TrackingKey> = {
  google: 'gaid',
  meta: 'fbclid',
  yahoo: 'yclid',
  line: 'ldtag_cl',
};

function platformTable(rows: readonly FunnelRow[], counts: readonly ChannelCount[] | null): string {
  const count = (name: string, key: 'sent' | 'accepted' | 'failed') => {
    if (!counts) return '—';
    return (counts.find((row) => row.channel === name)?.[key] ?? 0).toLocaleString('ja-JP');
  };
  const body = platformChannels.flatMap(([platform, channels]) => {
    const click = clickWords.find(([key]) => key === platformClick[platform])?.[1];
    const brought = empty();
    for (const row of rows) if (row.platform === click) add(brought, row);
    return channels.map((channel, index) => {
      const span = `rowspan="${channels.length}"`;
      const head =
        index === 0
          ? `<th scope="rowgroup" ${span}>${e(platformLabels[platform])}</th><td class="n" ${span}>${brought.leads.toLocaleString('ja-JP')}</td><td class="n" ${span}>${brought.completed.toLocaleString('ja-JP')}</td><td class="n" ${span}>${e(yen(brought.amount))}</td>`
          : '';
      return `<tr>${head}<td>${e(channel.event ?? channel.label)}</td>${(['sent', 'accepted', 'failed'] as const).map((key) => `<td class="n">${count(channel.name, key)}</td>`).join('')}</tr>`;
    });
  });
  return `<h2>広告媒体別（送信と報告）</h2>
<p class="note">クリックで来た依頼・完了は、その媒体の広告のクリックから来た依頼（最初のクリックIDで判定）です。送信・取込済・失敗は、期間の依頼のうち媒体に送った件数で、クリックのない依頼（連絡先だけの送信）も含みます。${acceptedNote}${counts ? '' : 'この環境では送信を記録していないため「—」です。'}</p>
<div class="scroll"><table><thead><tr><th>媒体</th><th class="n">クリックで来た依頼</th><th class="n">完了</th><th class="n">完了金額（税込）</th><th>伝えたこと</th><th class="n">送信</th><th class="n">取込済</th><th class="n">失敗</th></tr></thead><tbody>${body.join('')}</tbody></table></div>`;
}

export function funnelBody(
  rows: readonly FunnelRow[],
  counts: readonly ChannelCount[] | null,
  from: string,
  to: string,
  errors: Record<string, string>,
): string {
  const total = empty();
  for (const row of rows) add(total, row);
  const tables = dimensions.map(({ heading, key, none }) => {
    const groups = new Map<string, Totals>();
    for (const row of rows) {
      const name = key(row) || none;
      const totals = groups.get(name) ?? empty();
      add(totals, row);
      groups.set(name, totals);
    }
    return funnelTable(
      heading,
      [...groups].sort((a, b) => b[1].leads - a[1].leads),
    );
  });
  return `${errorList(errors)}<form class="filters" method="get" action="/staff/funnel">
${input('from', '受付日（から）', from, 'type="date" required', errors.from)}
${input('to', '受付日（まで）', to, 'type="date" required', errors.to)}
<div class="field"><button>集計する</button></div>
</form>
<p class="note">期間に受け付けた依頼（対象外を除く）が、いまどの段階まで進んだかを数えます。率は依頼数に対する割合です。</p>
${funnelTable('合計', [['すべて', total]])}
${tables.join('\n')}
${platformTable(rows, counts)}`;
}

export function signInBody(error: string, name: string): string {
  return `${error ? `<div class="errors" role="alert"><p>${e(error)}</p></div>` : ''}
<form method="post" action="/staff/login">
${input('name', `${fieldWords.name}（履歴に残ります）`, name, 'type="text" required maxlength="50" autocomplete="name"')}
${input('secret', 'スタッフ用の共有キー', '', 'type="password" required autocomplete="current-password"')}
<button>サインイン</button>
</form>`;
}

export type PhoneLeadValues = Record<
  'lastName' | 'firstName' | 'kana' | 'phone' | 'maker' | 'model' | 'expiry' | 'note',
  string
>;

export function phoneLeadBody(
  values: PhoneLeadValues,
  errors: Record<string, string>,
  key: string,
): string {
  return `${errorList(errors)}<p>お電話で受けたお見積もり依頼を記録します（流入元は「電話」になります）。</p>
<form method="post" action="/staff/leads">
<input type="hidden" name="key" value="${e(key)}">
${input('lastName', fieldWords.lastName, values.lastName, 'type="text" required maxlength="50"', errors.lastName)}
${input('firstName', fieldWords.firstName, values.firstName, 'type="text" maxlength="50"')}
${input('kana', fieldWords.kana, values.kana, 'type="text" maxlength="100"', errors.kana)}
${input('phone', fieldWords.phone, values.phone, 'type="tel" required autocomplete="off"', errors.phone)}
${input('maker', fieldWords.maker, values.maker, 'type="text" maxlength="50"')}
${input('model', fieldWords.model, values.model, 'type="text" maxlength="50"')}
${input('expiry', fieldWords.expiry, values.expiry, 'type="date"', errors.expiry)}
${input('note', 'メモ（ご要望など）', values.note, 'type="text" maxlength="500"')}
<button>記録する</button>
</form>`;
}
