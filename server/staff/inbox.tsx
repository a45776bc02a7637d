/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// The inbox: the brand's leads, newest first, filtered by stage, day and a search.
import { telHref } from '../../src/brand/brands';
import { japaneseDate } from '../../src/lib/peopleFormats';
import { displayPhone, japaneseDateTime } from '../../src/lib/serverFormats';
import { tokyoToday } from '../../src/lib/tokyoTime';
import type { AppContext } from '../http/context';
import { auditSearchMark } from '../leads/retention';
import { hoursOf } from '../site/hours';
import { staffLeadPath } from '../site/paths';
import {
  DayField,
  ErrorSummary,
  SelectField,
  TextField,
  type Errors,
  ScrollRegion,
} from '../views/fields';
import { answerExport } from './export';
import { parseFunnelRange, parseInboxFilters } from './forms/ranges';
import { actorOf, audit } from './gate';
import { staffPage } from './layout';
import { businessHoursBefore } from './staleLeads';
import { isStage, stageLabels, stageNames } from './stages';
import type { LeadSummary } from './store';
import { fieldWords, stageDetails } from './words';

const inboxLimit = 200;

/** The filters as typed, shown again in the form. */
type InboxQuery = { stage: string; from: string; to: string; q: string };

function Filters(props: { query: InboxQuery; errors: Errors }) {
  const { query, errors } = props;
  const stageOptions = [
    ['', 'すべて'] as const,
    ...stageNames.map((name) => [name, stageLabels[name]] as const),
  ];
  return (
    <form class="filters" method="get" action="/staff">
      <SelectField name="stage" label="段階" options={stageOptions} selected={query.stage} />
      <DayField name="from" label="受付日（から）" value={query.from} error={errors.from} />
      <DayField name="to" label="受付日（まで）" value={query.to} error={errors.to} />
      <TextField
        name="q"
        label={`受付番号・${fieldWords.phone}・${fieldWords.kana}`}
        value={query.q}
        type="search"
        autocomplete="off"
      />
      <div class="field">
        <button>絞り込む</button>
      </div>
    </form>
  );
}

/** The leads received in a period as a CSV file, from the first of this month to today by default. */
function ExportForm(props: { today: string }) {
  return (
    <form class="filters" method="get" action="/staff/export.csv" aria-label="CSVの書き出し">
      <DayField
        id="export-from"
        name="from"
        label="書き出す受付日（から）"
        value={`${props.today.slice(0, 8)}01`}
      />
      <DayField id="export-to" name="to" label="書き出す受付日（まで）" value={props.today} />
      <div class="field">
        <button>CSVを書き出す</button>
      </div>
    </form>
  );
}

function LeadRow(props: { lead: LeadSummary; staleBefore: Date }) {
  const { lead } = props;
  const stale =
    lead.stage.stage === 'new' && Date.parse(lead.receivedAt) < props.staleBefore.getTime();
  return (
    <tr>
      <td data-label="受付日時" class="nowrap">
        {japaneseDateTime(lead.receivedAt)}
      </td>
      <td data-label="受付番号" class="nowrap">
        <a href={staffLeadPath(lead.id)}>{lead.id}</a>
      </td>
      <td data-label={fieldWords.name}>
        {lead.erased ? (
          <span class="note">（保存期間を過ぎ消去済み）</span>
        ) : (
          `${lead.name}${lead.kana ? `（${lead.kana}）` : ''}`
        )}
      </td>
      <td data-label={fieldWords.phone} class="nowrap">
        {lead.phone && <a href={telHref(lead.phone)}>{displayPhone(lead.phone)}</a>}
      </td>
      <td data-label={fieldWords.model}>{lead.model}</td>
      <td data-label="段階">
        <span class="stage">{stageLabels[lead.stage.stage]}</span>
        {stale && (
          <>
            {' '}
            <span class="warn">未対応</span>
          </>
        )}
        {lead.suspectedSpam && (
          <>
            {' '}
            <span class="warn">スパム疑い</span>
          </>
        )}
      </td>
      <td data-label="予約・金額">{stageDetails(lead.stage)}</td>
    </tr>
  );
}

function InboxPage(props: {
  leads: readonly LeadSummary[];
  query: InboxQuery;
  errors: Errors;
  staleBefore: Date;
  today: string;
}) {
  const { leads } = props;
  return (
    <>
      <ErrorSummary errors={props.errors} />
      <Filters query={props.query} errors={props.errors} />
      <ExportForm today={props.today} />
      {leads.length === 0 ? (
        <p>該当するお見積もり依頼はありません。</p>
      ) : (
        <ScrollRegion label="お見積もり依頼の一覧">
          <table class="leads">
            <caption class="note">新しい順（{leads.length}件）</caption>
            <thead>
              <tr>
                <th>受付日時</th>
                <th>受付番号</th>
                <th>{fieldWords.name}</th>
                <th>{fieldWords.phone}</th>
                <th>{fieldWords.model}</th>
                <th>段階</th>
                <th>予約・金額</th>
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <LeadRow lead={lead} staleBefore={props.staleBefore} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}

/** How the audit names a listing: its count and its filters, a search in auditSearchMark. */
function listingWords(count: number, query: InboxQuery): string {
  const described = [
    isStage(query.stage) && stageLabels[query.stage],
    query.from && `${japaneseDate(query.from)}から`,
    query.to && `${japaneseDate(query.to)}まで`,
    query.q && `${auditSearchMark}${query.q}」`,
  ]
    .filter(Boolean)
    .join(' ');
  return `${count}件${described ? ` ${described}` : ''}`;
}

export async function inbox(c: AppContext): Promise<Response> {
  const { staff, now, staleAfterHours } = c.var.services;
  const query: InboxQuery = {
    stage: c.req.query('stage') ?? '',
    from: c.req.query('from') ?? '',
    to: c.req.query('to') ?? '',
    q: c.req.query('q') ?? '',
  };
  const parsed = parseInboxFilters(query);
  const leads = parsed.ok
    ? await staff.leads(c.var.brand, { limit: inboxLimit, ...parsed.value })
    : [];
  const errors = parsed.ok ? {} : parsed.errors;
  await audit(c, 'list', listingWords(leads.length, query));
  const staleBefore = businessHoursBefore(now(), staleAfterHours, hoursOf(c.env));
  const today = tokyoToday(now());
  const body = (
    <InboxPage
      leads={leads}
      query={query}
      errors={errors}
      staleBefore={staleBefore}
      today={today}
    />
  );
  return staffPage(c, parsed.ok ? 200 : 422, '受信箱', body);
}

/** `/staff/export.csv`: the export, for whoever the staff gate let in, audited under their name. */
export async function staffExport(c: AppContext): Promise<Response> {
  const typed = { from: c.req.query('from') ?? '', to: c.req.query('to') ?? '' };
  const parsed = parseFunnelRange(typed, c.var.services.now());
  if (!parsed.ok) {
    const body = (
      <>
        <ErrorSummary errors={parsed.errors} />
        <p>
          <a href="/staff">受信箱に戻る</a>
        </p>
      </>
    );
    return staffPage(c, 422, 'CSVを書き出せません', body);
  }
  const { days, from, to } = parsed.value;
  return answerExport(c, actorOf(c), days, { start: from, end: to });
}
