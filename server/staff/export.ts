/** `GET /api/estimates.csv?from=YYYY-MM-DD&to=YYYY-MM-DD` (staff): days in Japan, both included. */
import { brands } from '../../src/brand/brands';
import { japaneseDate } from '../../src/lib/peopleFormats';
import { isRealDate, tokyoOffset } from '../../src/lib/tokyoTime';
import { answers } from '../http/messages';
import type { EstimateHandler } from '../estimate/handler';
import { bearerMatches, text } from '../http/http';
import type { LeadStore } from '../leads/store';
import { leadsCsv } from './leadsCsv';
import type { StaffStore } from './store';
import type { PostalLookup } from '../leads/postalArea';

export type ExportHandlerOptions = {
  store: LeadStore;
  secret: string;
  /** Where the runtime keeps stages: their columns, and the export in the staff's audit log. */
  staff?: StaffStore;
  postalArea: PostalLookup;
  now?: () => Date;
};

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

export function createExportHandler(options: ExportHandlerOptions): EstimateHandler {
  const { store, secret } = options;
  return async (request, ctx) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    if (!(await bearerMatches(request, secret))) {
      return text(401, answers.unauthorized, { 'WWW-Authenticate': 'Bearer' });
    }
    const url = new URL(request.url);
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    const start = tokyoDayStart(from);
    const end = tokyoDayStart(to, 1);
    if (!start || !end || start >= end) return text(400, answers.exportRange);
    try {
      const leads = await store.list(ctx.brand, start, end);
      const stages = await options.staff?.stagesOf(ctx.brand, start, end);
      await options.staff?.audit({
        brand: ctx.brand,
        at: (options.now ?? (() => new Date()))().toISOString(),
        actor: exportActor,
        action: 'export',
        target: `${japaneseDate(from ?? '')}〜${japaneseDate(to ?? '')}（${leads.length}件）`,
      });
      return new Response(
        request.method === 'HEAD' ? null : await leadsCsv(leads, options.postalArea, stages),
        {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="estimates-${ctx.brand}-${from}-${to}.csv"`,
            'Cache-Control': 'no-store',
            'X-Content-Type-Options': 'nosniff',
          },
        },
      );
    } catch (error) {
      console.error('[estimates] export', error);
      return text(503, answers.unavailable(brands[ctx.brand].phone));
    }
  };
}
