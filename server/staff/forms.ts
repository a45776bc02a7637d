// TEMPORARY: the staff's forms as site.ts checked them by hand; the valibot schemas replace this.
import { normalizeKana, normalizePhone } from '../../src/estimate/contract/validation/normalize';
import { tokyoToday } from '../../src/lib/tokyoTime';
import { tokyoDayStart } from './export';
import { isStage, parseStageInput, type StageInput } from './stages';
import type { LeadQuery } from './store';
import { fieldWords } from './words';

type Parsed<T, Q = undefined> =
  | ({ ok: true; value: T } & (Q extends undefined ? object : { query: Q }))
  | ({ ok: false; errors: Record<string, string> } & (Q extends undefined ? object : { query: Q }));

export type InboxQuery = { stage: string; from: string; to: string; q: string };

const receiptPattern = /^\d{6}-[0-9A-Z]{8}$/;

function searchQuery(text: string): Pick<LeadQuery, 'id' | 'phone' | 'kana'> {
  const value = text.trim();
  if (!value) return {};
  const upper = value.normalize('NFKC').toUpperCase();
  if (receiptPattern.test(upper)) return { id: upper };
  const digits = normalizePhone(value);
  if (/^\d{10,11}$/.test(digits)) return { phone: digits };
  return { kana: normalizeKana(value).replace(/\s/g, '') };
}

function dayRange(from: string, to: string, errors: Record<string, string>) {
  const start = from ? tokyoDayStart(from) : undefined;
  const end = to ? tokyoDayStart(to, 1) : undefined;
  if (start === null) errors.from = '受付日（から）は日付で入力してください。';
  if (end === null) errors.to = '受付日（まで）は日付で入力してください。';
  if (start && end && start >= end)
    errors.to = '受付日（まで）は（から）と同じか後の日にしてください。';
  return { start: start ?? undefined, end: end ?? undefined };
}

export function parseInboxFilters(
  params: URLSearchParams,
): Parsed<{ filters: Omit<LeadQuery, 'limit'> }, InboxQuery> {
  const query: InboxQuery = {
    stage: params.get('stage') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    q: params.get('q') ?? '',
  };
  const errors: Record<string, string> = {};
  const { start, end } = dayRange(query.from, query.to, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors, query };
  const filters = {
    ...(isStage(query.stage) && { stage: query.stage }),
    ...(start && { from: start }),
    ...(end && { to: end }),
    ...searchQuery(query.q),
  };
  return { ok: true, value: { filters }, query };
}

export function parseFunnelRange(
  params: URLSearchParams,
  now: Date,
): Parsed<{ start: string; end: string }, { from: string; to: string }> {
  const monthAgo = tokyoToday(new Date(now.getTime() - 29 * 86_400_000));
  const query = { from: params.get('from') || monthAgo, to: params.get('to') || tokyoToday(now) };
  const errors: Record<string, string> = {};
  const { start, end } = dayRange(query.from, query.to, errors);
  if (!start || !end || Object.keys(errors).length > 0) return { ok: false, errors, query };
  return { ok: true, value: { start, end }, query };
}

export function parseStageForm(
  values: Record<'stage' | 'bookedFor' | 'shop' | 'amount' | 'reason' | 'excludedReason', string>,
):
  | { ok: true; value: StageInput; sent: Record<string, string> }
  | { ok: false; errors: Record<string, string> } {
  const sent = {
    stage: values.stage,
    bookedFor: values.bookedFor,
    shop: values.shop,
    amount: values.amount,
    reason: values.stage === 'excluded' ? values.excludedReason : values.reason,
  };
  const parsed = parseStageInput(sent);
  return parsed.ok ? { ok: true, value: parsed.input, sent } : parsed;
}

export const phoneLeadNames = [
  'lastName',
  'firstName',
  'kana',
  'phone',
  'maker',
  'model',
  'expiry',
  'note',
] as const;
export type PhoneLeadValues = Record<(typeof phoneLeadNames)[number], string>;

export function parsePhoneLead(values: PhoneLeadValues): Parsed<object> {
  const errors: Record<string, string> = {};
  const phone = normalizePhone(values.phone);
  if (!values.lastName) errors.lastName = `${fieldWords.lastName}を入力してください。`;
  if (!/^0\d{9,10}$/.test(phone))
    errors.phone = `${fieldWords.phone}は 090-1234-5678 のように10桁か11桁で入力してください。`;
  const kana = normalizeKana(values.kana);
  if (kana && !/^[\u30a0-\u30ff\s]+$/.test(kana))
    errors.kana = `${fieldWords.kana}はカタカナで入力してください。`;
  const expiry = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(values.expiry);
  if (values.expiry && !expiry) errors.expiry = `${fieldWords.expiry}は日付で入力してください。`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      entryPoint: 'phone',
      vehicle: {
        maker: values.maker,
        model: values.model,
        ...(expiry && { expiryYear: expiry[1], expiryMonth: String(Number(expiry[2])) }),
      },
      customer: {
        lastName: values.lastName,
        firstName: values.firstName,
        lastNameKana: kana,
        firstNameKana: '',
        phone,
        email: '',
      },
      request: { notes: values.note },
      tracking: { source: '電話' },
    },
  };
}

export function parseSignIn(
  posted: URLSearchParams,
): { ok: true; name: string; secret: string } | { ok: false; error: string; name: string } {
  const name = (posted.get('name') ?? '').trim().slice(0, 50);
  if (!name) return { ok: false, error: `${fieldWords.name}を入力してください。`, name };
  return { ok: true, name, secret: posted.get('secret') ?? '' };
}
