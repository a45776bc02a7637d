/**
 * The staff's queries on a year of one brand's leads (100,000 in a local D1, seeded by
 * deploy/cloudflare/seedLeads.ts): each query's time (5 runs) and rows read, as
 * information. Run by run.ts under deploy/cloudflare's Node 22 (Miniflare needs it); prints JSON.
 */
import { seedLeadsSql } from '../deploy/cloudflare/seedLeads';
import { funnelStatement, listStatement, staleLeadsStatement } from '../server/db/staffQueries';
import { localD1 } from '../tests/server/d1';
import { isBrandId } from '../src/brand/brands';
import { summarize, type StaffQueryTiming } from './stats';

const count = 100_000;
/** The brand to seed, as run.ts names it: any brand's queries are the same. */
const brand = process.argv[2] ?? '';
if (!isBrandId(brand)) throw new Error('usage: bench/staffQueries.ts <brand>');
const d1 = await localD1();
try {
  await d1.db.prepare(seedLeadsSql({ brand, count })).run();
  const page = (query: Parameters<typeof listStatement>[0]) => {
    const { sql, binds } = listStatement(query);
    return { sql, binds: [brand, ...binds] };
  };
  const queries: [string, { sql: string; binds: unknown[] }][] = [
    ['受信箱（新しい順 50件）', page({ limit: 50 })],
    ['段階で絞り込み（予約確定）', page({ stage: 'booked', limit: 50 })],
    ['受付番号で検索', page({ id: `SEED-${brand}-0004242`, limit: 50 })],
    ['電話番号で検索', page({ phone: '09000004242', limit: 50 })],
    ['フリガナの前方一致（該当 25,000件）', page({ kana: 'サトウ', limit: 50 })],
    [
      'ファネル（1か月）',
      {
        sql: funnelStatement,
        binds: [brand, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
      },
    ],
    [
      'ファネル（1年）',
      {
        sql: funnelStatement,
        binds: [brand, '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
      },
    ],
    [
      '新規のままの依頼（Cron）',
      { sql: staleLeadsStatement, binds: [brand, '2026-06-01T00:00:00.000Z'] },
    ],
  ];
  const timings: StaffQueryTiming[] = [];
  for (const [name, { sql, binds }] of queries) {
    const times: number[] = [];
    let rowsRead = 0;
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      const result = await d1.db
        .prepare(sql)
        .bind(...binds)
        .all();
      times.push(performance.now() - started);
      rowsRead = result.meta.rows_read;
    }
    timings.push({ name, ms: summarize(times), rowsRead });
  }
  console.log(JSON.stringify(timings));
} finally {
  await d1.dispose();
}
