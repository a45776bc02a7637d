/** `GET /api/estimates.csv?from=YYYY-MM-DD&to=YYYY-MM-DD` (staff): days in Japan, both included. */
import { brands } from '../../src/brand/brands';
import { japaneseDate } from '../../src/lib/peopleFormats';
import { isRealDate, tokyoOffset } from '../../src/lib/tokyoTime';
import { messages } from '../http/messages';
import { text } from '../http/answers';
import type { AppContext } from '../http/context';
import { bearerMatches } from '../http/secrets';
import { leadsCsv } from './leadsCsv';

/** Whoever holds the export secret (a spreadsheet job, ops): the audit log's actor. */
const exportActor = 'CSV書き出し（EXPORT_SECRET）';

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 24 * 3600_000;

export function tokyoDayStart(day: string | null, addDays = 0): string | null {
  const match = day ? dayPattern.exec(day) : null;
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  if (!isRealDate(year, month, date)) return null;
  // Japan keeps no daylight saving time: every day there is 24 hours long.
  return new Date(Date.parse(`${day}T00:00:00${tokyoOffset}`) + addDays * dayMs).toISOString();
}

/** For the bearer of EXPORT_SECRET (app.ts routes it only where the secret is set). */
export async function exportLeads(c: AppContext): Promise<Response> {
  if (!(await bearerMatches(c.req.raw, c.env.EXPORT_SECRET ?? ''))) {
    return text(401, messages.unauthorized, { 'WWW-Authenticate': 'Bearer' });
  }
  const from = c.req.query('from') ?? null;
  const to = c.req.query('to') ?? null;
  const start = tokyoDayStart(from);
  const end = tokyoDayStart(to, 1);
  if (!start || !end || start >= end) return text(400, messages.exportRange);
  return answerExport(c, exportActor, { from: from ?? '', to: to ?? '' }, { start, end });
}

/** The file of the host brand's leads received from `days.from` to `days.to` (days in Japan). */
export async function answerExport(
  c: AppContext,
  actor: string,
  days: { from: string; to: string },
  range: { start: string; end: string },
): Promise<Response> {
  try {
    return await exported(c, actor, days, range);
  } catch (error) {
    console.error('[estimates] export', error);
    return text(503, messages.unavailable(brands[c.var.brand].phone));
  }
}

async function exported(
  c: AppContext,
  actor: string,
  { from, to }: { from: string; to: string },
  { start, end }: { start: string; end: string },
): Promise<Response> {
  const { brand } = c.var;
  const { leads, staff, now, postalArea } = c.var.services;
  const listed = await leads.list(brand, start, end);
  const stages = await staff.stagesOf(brand, start, end);
  await staff.audit({
    brand,
    at: now().toISOString(),
    actor,
    action: 'export',
    target: `${japaneseDate(from)}〜${japaneseDate(to)}（${listed.length}件）`,
  });
  return new Response(c.req.method === 'HEAD' ? null : await leadsCsv(listed, postalArea, stages), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="estimates-${brand}-${from}-${to}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
