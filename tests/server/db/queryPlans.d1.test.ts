// A brand with a year of leads (100,000, deploy/cloudflare/seedLeads.ts) on a real local D1: the
// inbox, its searches and the funnel read through the indexes migration 0006 names, never a scan
// of the leads table, within a stated budget of rows read. D1 counts each index entry and each
// table row a query visits: a page of 50 leads read by index is about 2 × 50 rows.
import { seedLeadsSql } from '../../../deploy/cloudflare/seedLeads';
import { staleLeadsStatement } from '../../../server/db/staffQueries';
import {
  channelCountStatement,
  funnelStatement,
  listStatement,
} from '../../../server/db/staffQueries';
import { expiredLeadsStatement, expiredSearchesStatement } from '../../../server/db/leads';
import type { LeadQuery } from '../../../server/staff/store';
import { localD1, type LocalD1 } from '../d1';

let d1: LocalD1;
const count = 100_000;

beforeAll(async () => {
  d1 = await localD1();
  await d1.db.prepare(seedLeadsSql({ brand: 'yamada', count })).run();
  await d1.db.prepare(seedLeadsSql({ brand: 'carsupport', count: 1000 })).run();
}, 120_000);

afterAll(async () => {
  await d1.dispose();
});

async function explain(sql: string, binds: unknown[]): Promise<string> {
  const { results } = await d1.db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...binds)
    .all<{ detail: string }>();
  return results.map((row) => row.detail).join('\n');
}

async function rowsRead(sql: string, binds: unknown[]): Promise<number> {
  return (
    await d1.db
      .prepare(sql)
      .bind(...binds)
      .all()
  ).meta.rows_read;
}

const page = 50;
/** A page by index: each entry and its row, and the step past the end. */
const pageBudget = 2 * page + 2;

const queries: [string, LeadQuery, number][] = [
  ['the inbox, newest first', { limit: page }, pageBudget],
  ['one stage', { stage: 'booked', limit: page }, pageBudget],
  [
    'a week',
    { from: '2026-03-01T00:00:00.000Z', to: '2026-03-08T00:00:00.000Z', limit: page },
    pageBudget,
  ],
  ['a 受付番号', { id: 'SEED-yamada-0004242', limit: page }, 4],
  ['a phone', { phone: '09000004242', limit: page }, 4],
  // A quarter of the seeded leads share this reading: each match is read, then sorted.
  ['a reading', { kana: 'サトウ', limit: page }, 2 * 25_000 + 2],
];

describe(`the staff queries on ${count.toLocaleString('en')} leads`, () => {
  it.each(queries)('read %s through an index, within the budget', async (_, query, budget) => {
    const { sql, binds } = listStatement(query);
    const detail = await explain(sql, ['yamada', ...binds]);
    // A SCAN, even of an index, visits every lead of the table.
    expect(detail).not.toMatch(/SCAN leads/);
    expect(detail).toMatch(/SEARCH leads USING (COVERING )?INDEX/);
    expect(await rowsRead(sql, ['yamada', ...binds])).toBeLessThanOrEqual(budget);
  });

  it('count the funnel of a month from its covering index, reading only that month', async () => {
    const binds = ['yamada', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'];
    expect(await explain(funnelStatement, binds)).toMatch(
      /SEARCH leads USING COVERING INDEX leads_brand_received_at_funnel/,
    );
    // 31 days of 100,000 a year: about 8,500 index entries, and no row.
    expect(await rowsRead(funnelStatement, binds)).toBeLessThanOrEqual(2 * 8_500);
  });

  it('find the leads still 新規 for the alert by the stage index', async () => {
    const binds = ['yamada', '2026-03-01T00:00:00.000Z'];
    expect(await explain(staleLeadsStatement, binds)).toMatch(
      /SEARCH leads USING INDEX leads_brand_stage_received_at \(brand=\? AND stage=\? AND received_at<\?\)/,
    );
  });

  it('find the next leads past the retention period by the partial index, reading one batch', async () => {
    const binds = ['yamada', '2026-03-01T00:00:00.000Z', 100];
    expect(await explain(expiredLeadsStatement, binds)).toMatch(
      /SEARCH leads USING INDEX leads_brand_unerased \(brand=\? AND received_at<\?\)/,
    );
    expect(await rowsRead(expiredLeadsStatement, binds)).toBeLessThanOrEqual(2 * 100 + 2);
  });

  it("count the platforms' deliveries of a month by the leads' index and each lead's rows", async () => {
    const binds = [
      'yamada',
      '2026-03-01T00:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
      'google',
      'meta',
    ];
    const detail = await explain(channelCountStatement(2), binds);
    expect(detail).not.toMatch(/SCAN (leads|lead_deliveries)/);
    expect(detail).toMatch(/SEARCH d USING (COVERING )?INDEX sqlite_autoindex_lead_deliveries_1/);
  });

  it("find the audit's searches past the period by their partial index", async () => {
    expect(
      await explain(expiredSearchesStatement, ['yamada', '2026-03-01T00:00:00.000Z', 100]),
    ).toMatch(/SEARCH staff_audit USING INDEX staff_audit_searches \(brand=\? AND at<\?\)/);
  });
});
