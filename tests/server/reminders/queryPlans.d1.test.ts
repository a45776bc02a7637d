// The Cron's reads of due reminders and 案内 on a year of leads (100,000, the seeded brand):
// through migration 0011's indexes, never a scan of the leads, a bounded batch a run.
import { seedLeadsSql } from '../../../deploy/cloudflare/seedLeads';
import { dueGuidesStatement, dueRemindersStatement } from '../../../server/db/followUpQueries';
import { guideKinds, reminderKinds } from '../../../server/reminders/due';
import { localD1, type LocalD1 } from '../d1';

let d1: LocalD1;

beforeAll(async () => {
  d1 = await localD1();
  await d1.db.prepare(seedLeadsSql({ brand: 'yamada', count: 100_000 })).run();
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

describe('the Cron’s follow-ups on 100,000 leads', () => {
  it.each(reminderKinds)('finds the $channel due by the booked-for index', async (kind) => {
    const binds = ['yamada', '2026-06-01T10:00+09:00', '2026-06-05T00:00+09:00'];
    const detail = await explain(dueRemindersStatement(kind), binds);
    expect(detail).not.toMatch(/SCAN leads/);
    expect(detail).toMatch(
      /SEARCH leads USING INDEX leads_brand_stage_booked_for \(brand=\? AND stage=\? AND booked_for>\? AND booked_for<\?\)/,
    );
    expect(dueRemindersStatement(kind)).toMatch(/LIMIT \d+$/);
  });

  it.each(guideKinds)('finds the $channel due by the partial next-expiry index', async (kind) => {
    const detail = await explain(dueGuidesStatement(kind), ['yamada', '2026-06-01', '2026-07-31']);
    expect(detail).not.toMatch(/SCAN leads/);
    expect(detail).toMatch(
      /SEARCH leads USING INDEX leads_brand_next_expiry \(brand=\? AND next_expiry>\? AND next_expiry<\?\)/,
    );
  });
});
