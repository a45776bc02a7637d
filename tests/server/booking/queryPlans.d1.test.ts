// 100 shops × 90 days of slots on a real local D1 (six slots a day, two bookings each, some
// cancelled): a shop's availability and a hold's count read bookings through leads_brand_booking
// alone (covering), never a scan of the leads; the unconfirmed holds through their partial index.
import {
  holdCondition,
  slotCountsStatement,
  staleHoldsStatement,
} from '../../../server/db/bookings';
import { localD1, type LocalD1 } from '../d1';

let d1: LocalD1;
const shops = 100;
const days = 90;
const times = ['10:00', '11:30', '13:30', '15:00', '16:30', '18:00'];

// Each (shop, day, time) booked twice; every fifth booking cancelled, every seventh still held.
const seedSql = `
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${shops * days * times.length * 2 - 1})
INSERT INTO leads (id, brand, idempotency_key, content_hash, received_at, request_json,
  booking_shop, booking_start, booking_state, booking_token, booking_changed_at)
SELECT 'B' || i, 'yamada', 'k' || i, 'h' || i, '2026-11-01T00:00:00.000Z', '{}',
  printf('s%03d', (i / 2) % ${shops}),
  date('2026-12-01', '+' || ((i / 2 / ${shops}) / ${times.length}) || ' days') || 'T' ||
    (CASE (i / 2 / ${shops}) % ${times.length} ${times
      .map((time, index) => `WHEN ${index} THEN '${time.padStart(5, '0')}'`)
      .join(' ')} END) || ':00+09:00',
  CASE WHEN i % 5 = 0 THEN 'cancelled' WHEN i % 7 = 0 THEN 'held' ELSE 'confirmed' END,
  't' || i, '2026-11-01T00:00:00.000Z'
FROM n`;

beforeAll(async () => {
  d1 = await localD1();
  await d1.db.prepare(seedSql).run();
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

describe(`bookings of ${shops} shops × ${days} days`, () => {
  it('seeds what it says', async () => {
    const { count } = (await d1.db
      .prepare('SELECT COUNT(*) AS count FROM leads')
      .first<{ count: number }>())!;
    expect(count).toBe(shops * days * times.length * 2);
  });

  it('counts a shop’s two weeks from the covering index, reading only that shop’s fortnight', async () => {
    const binds = ['yamada', 's042', '2026-12-10T00:00:00+09:00', '2026-12-24T00:00:00+09:00'];
    const detail = await explain(slotCountsStatement, binds);
    expect(detail).not.toMatch(/SCAN leads/);
    expect(detail).toMatch(/SEARCH leads USING COVERING INDEX leads_brand_booking/);
    const { results } = await d1.db
      .prepare(slotCountsStatement)
      .bind(...binds)
      .all<{ taken: number }>();
    expect(results).toHaveLength(14 * times.length);
    // 14 days × 6 slots × 2 bookings, each index entry once, and the step past the end.
    expect(await rowsRead(slotCountsStatement, binds)).toBeLessThanOrEqual(14 * 6 * 2 + 2);
  });

  it('counts one slot for a hold from the covering index, reading that slot’s bookings only', async () => {
    const hold = holdCondition(
      { id: 'new', brand: 'yamada' },
      { shop: 's042', start: '2026-12-15T13:30:00+09:00' },
      3,
    );
    const sql = `SELECT ${hold.sql} AS free`;
    const detail = await explain(sql, hold.binds);
    expect(detail).not.toMatch(/SCAN leads/);
    expect(detail).toMatch(/SEARCH leads USING COVERING INDEX leads_brand_booking/);
    expect(detail).toMatch(/SEARCH slot_closures USING (COVERING )?INDEX/);
    // The slot's two bookings, a step past each of the two live states, the closures' probe.
    expect(await rowsRead(sql, hold.binds)).toBeLessThanOrEqual(2 + 2 + 1);
  });

  it('finds the unconfirmed holds by their partial index', async () => {
    expect(await explain(staleHoldsStatement, ['yamada', '2026-11-02T00:00:00.000Z'])).toMatch(
      /SEARCH leads USING INDEX leads_brand_booking_held \(brand=\? AND booking_state=\? AND received_at<\?\)/,
    );
  });
});
