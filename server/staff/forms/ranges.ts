// The inbox's filters and the funnel's period: days in Japan, both included.
import * as v from 'valibot';
import { optional, record, required } from '../../../src/estimate/contract/validation/fields';
import {
  normalizeDate,
  normalizeKana,
  normalizePhone,
} from '../../../src/estimate/contract/validation/normalize';
import { isRecord } from '../../../src/lib/isRecord';
import { tokyoToday } from '../../../src/lib/tokyoTime';
import { receiptIdPattern } from '../../leads/receiptId';
import { tokyoDayStart } from '../export';
import { stageNames } from '../stageNames';
import type { LeadQuery } from '../store';
import { parseWith, unreadableBody, type FormResult } from './result';

const dayMessages = {
  from: '受付日（から）は 2026年11月1日 のように入力してください。',
  to: '受付日（まで）は 2026年11月1日 のように入力してください。',
  order: '受付日（まで）は（から）と同じか後の日にしてください。',
} as const;

/** 2026年11月1日（日）, 2026/11/1 or 2026-11-01, as staff write a day (widths folded before). */
const japaneseDay =
  /^(\d{4})\s*[年/.-]\s*(\d{1,2})\s*[月/.-]\s*(\d{1,2})\s*日?\s*(?:[（(].[）)])?$/u;

/** The day typed, as YYYY-MM-DD; '' for none a calendar has. */
function isoDay(typed: string): string {
  const match = japaneseDay.exec(typed);
  if (!match) return '';
  const [year = '', month = '', date = ''] = match.slice(1);
  const iso = `${year}-${month.padStart(2, '0')}-${date.padStart(2, '0')}`;
  return tokyoDayStart(iso) === null ? '' : iso;
}

const day = (message: string) =>
  v.pipe(
    v.string(),
    v.transform(isoDay),
    v.check((iso: string) => iso !== '', message),
  );

const inOrder = ({ from, to }: { from?: string; to?: string }) => !from || !to || from <= to;

/** [from, to) in UTC, ISO 8601: Japan keeps no DST, so each day there is 24 hours long. */
function utcRange(from: string, to: string): { from: string; to: string } {
  return { from: tokyoDayStart(from) ?? '', to: tokyoDayStart(to, 1) ?? '' };
}

/** The search box: a 受付番号, a phone number, else the reading's first letters. */
function searchQuery(text: string): Pick<LeadQuery, 'id' | 'phone' | 'kana'> {
  const value = text.trim();
  if (!value) return {};
  const upper = value.normalize('NFKC').toUpperCase();
  if (receiptIdPattern.test(upper)) return { id: upper };
  const digits = normalizePhone(value);
  if (/^\d{10,11}$/.test(digits)) return { phone: digits };
  return { kana: normalizeKana(value).replace(/\s/g, '') };
}

export type InboxFilters = Omit<LeadQuery, 'limit'>;

const inboxFiltersSchema = v.pipe(
  record(
    {
      // A stage the select does not offer filters nothing, as an empty one.
      stage: v.fallback(v.optional(v.picklist(stageNames)), undefined),
      from: optional(normalizeDate, dayMessages.from, day(dayMessages.from)),
      to: optional(normalizeDate, dayMessages.to, day(dayMessages.to)),
      q: v.fallback(v.optional(v.string(), ''), ''),
    },
    unreadableBody,
  ),
  v.forward(v.partialCheck([['from'], ['to']], inOrder, dayMessages.order), ['to']),
  v.transform(({ stage, from, to, q }): InboxFilters => {
    const range = utcRange(from ?? '', to ?? '');
    return {
      ...(stage && { stage }),
      ...(from && { from: range.from }),
      ...(to && { to: range.to }),
      ...searchQuery(q),
    };
  }),
);

/** The inbox's `stage`, `from`, `to` and `q`, as the store's query; messages keyed `from`, `to`. */
export function parseInboxFilters(query: unknown): FormResult<InboxFilters> {
  return parseWith(inboxFiltersSchema, query);
}

export type FunnelRange = {
  from: string;
  to: string;
  /** As typed, or the defaults: YYYY-MM-DD in Japan. */
  days: { from: string; to: string };
};

const funnelSchema = v.pipe(
  record(
    {
      from: required(normalizeDate, dayMessages.from, day(dayMessages.from)),
      to: required(normalizeDate, dayMessages.to, day(dayMessages.to)),
    },
    unreadableBody,
  ),
  v.forward(v.partialCheck([['from'], ['to']], inOrder, dayMessages.order), ['to']),
  v.transform((days): FunnelRange => ({ ...utcRange(days.from, days.to), days })),
);

const funnelDays = 30;

/** The funnel's `from` and `to`; either left empty is the last 30 days' end, today in Japan. */
export function parseFunnelRange(query: unknown, now: Date): FormResult<FunnelRange> {
  if (!isRecord(query)) return parseWith(funnelSchema, query);
  const given = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const start = new Date(now.getTime() - (funnelDays - 1) * 86_400_000);
  return parseWith(funnelSchema, {
    from: given(query.from) || tokyoToday(start),
    to: given(query.to) || tokyoToday(now),
  });
}
