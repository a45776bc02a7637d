/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// The inbox: the brand's leads, newest first, filtered by stage, day and a search.
import { japaneseDate } from '../../src/lib/peopleFormats';
import { displayPhone, japaneseDateTime } from '../../src/lib/serverFormats';
import type { AppContext } from '../http/context';
import { auditSearchMark } from '../leads/retention';
import { hoursOf } from '../site/hours';
import { staffLeadPath } from '../site/paths';
import { ErrorSummary, SelectField, TextField, type Errors, ScrollRegion } from '../views/fields';
import { parseInboxFilters } from './forms/ranges';
import { audit } from './gate';
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
      <TextField
        name="from"
        label="受付日（から）"
        value={query.from}
        type="date"
        error={errors.from}
      />
      <TextField name="to" label="受付日（まで）" value={query.to} type="date" error={errors.to} />
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
        {displayPhone(lead.phone)}
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
}) {
  const { leads } = props;
  return (
    <>
      <ErrorSummary errors={props.errors} />
      <Filters query={props.query} errors={props.errors} />
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
  const body = <InboxPage leads={leads} query={query} errors={errors} staleBefore={staleBefore} />;
  return staffPage(c, parsed.ok ? 200 : 422, '受信箱', body);
}
