// Online bookings on the leads' rows (migration 0010): a slot's live bookings are counted from
// leads_brand_booking alone, and every change is one conditional statement, so two visitors never
// get the last seat of a slot (the D1 tests race them).
import type { BrandId } from '../../src/brand/brands';
import type { BookingRecordState, StoredBooking, StoredLead } from '../leads/store';
import { shopOf } from '../../src/content/companies';
import type { D1Database } from '../env';

export type BookingColumns = {
  booking_shop: string | null;
  booking_start: string | null;
  booking_state: BookingRecordState | null;
  booking_sequence: number;
  booking_token: string | null;
  booking_changed_at: string | null;
};

export const bookingColumnNames =
  'booking_shop, booking_start, booking_state, booking_sequence, booking_token, booking_changed_at';

export function bookingOf(record: BookingColumns): { booking?: StoredBooking } {
  const { booking_shop: shop, booking_start: start, booking_state: state } = record;
  if (!shop || !start || !state) return {};
  return {
    booking: {
      shop,
      start,
      state,
      sequence: record.booking_sequence,
      token: record.booking_token,
      changedAt: record.booking_changed_at ?? '',
    },
  };
}

const live = "booking_state IN ('held', 'confirmed')";

/** Binds: brand, shop, start, leadId (the lead itself never counts against its own move). */
const takenSql = `(SELECT COUNT(*) FROM leads WHERE brand = ? AND booking_shop = ? AND booking_start = ? AND ${live} AND id != ?)`;

/** Binds: brand, shop, day, start. */
const closedSql =
  "EXISTS (SELECT 1 FROM slot_closures WHERE brand = ? AND shop = ? AND day = ? AND start IN ('', ?))";

/** The slot still has room and is not closed: the insert's and the move's condition. */
export function holdCondition(
  lead: Pick<StoredLead, 'id' | 'brand'>,
  booking: Pick<StoredBooking, 'shop' | 'start'>,
  capacity: number,
): { sql: string; binds: (string | number)[] } {
  const { brand, id } = lead;
  const { shop, start } = booking;
  return {
    sql: `${takenSql} < ? AND NOT ${closedSql}`,
    binds: [brand, shop, start, id, capacity, brand, shop, start.slice(0, 10), start],
  };
}

/** A slot's start as a stage's 入庫日時 is written (forms/stage.ts): 2026-12-05T10:30+09:00. */
export function stageBookedFor(start: string): string {
  return `${start.slice(0, 16)}${start.slice(19)}`;
}

/** Who recorded the 予約確定 of a slot its shop confirms at once. */
const onlineBookingActor = 'サイトからの予約（即時確定）';

/**
 * A slot its shop confirms at once is 予約確定 from the start: its stage row and the lead's copy,
 * in the insert's batch, only where this very lead was stored with it (its token).
 */
export function onlineBookingStage(db: D1Database, lead: StoredLead) {
  const { booking } = lead;
  const shop = booking && shopOf(lead.brand, booking.shop);
  if (booking?.state !== 'confirmed' || !shop || !booking.token) return [];
  const bookedFor = stageBookedFor(booking.start);
  const stored = 'EXISTS (SELECT 1 FROM leads WHERE id = ? AND booking_token = ?)';
  return [
    db
      .prepare(
        'INSERT INTO lead_stages (lead_id, stage, at, actor, booked_for, shop, progress, idempotency_key) ' +
          `SELECT ?, 'booked', ?, ?, ?, ?, 2, 'online-booking' WHERE ${stored} ` +
          'ON CONFLICT (lead_id, idempotency_key) DO NOTHING',
      )
      .bind(
        lead.id,
        lead.receivedAt,
        onlineBookingActor,
        bookedFor,
        shop.name,
        lead.id,
        booking.token,
      ),
    db
      .prepare(
        "UPDATE leads SET stage = 'booked', stage_changed_at = ?, progress = 2, booked_for = ?, shop = ? " +
          `WHERE id = ? AND stage = 'new' AND booking_token = ?`,
      )
      .bind(lead.receivedAt, bookedFor, shop.name, lead.id, booking.token),
  ];
}

/** @internal Exported for the query-plan test. Binds: brand, shop, from, to. */
export const slotCountsStatement =
  'SELECT booking_start AS start, COUNT(*) AS taken FROM leads WHERE brand = ? AND booking_shop = ? ' +
  `AND booking_start >= ? AND booking_start < ? AND ${live} GROUP BY booking_start`;

/** @internal Exported for the query-plan test. Binds: brand, before (0010's partial index). */
export const staleHoldsStatement =
  'SELECT id, received_at AS receivedAt, booking_shop AS shop FROM leads ' +
  "WHERE brand = ? AND booking_state = 'held' AND received_at < ? AND suspected_spam = 0 " +
  'AND stale_alerted_at IS NULL ORDER BY received_at LIMIT 50';

export type Closure = { day: string; start: string; at: string; actor: string };

export type CalendarBooking = {
  id: string;
  start: string;
  state: BookingRecordState;
  name: string;
  erased: boolean;
};

export class D1Bookings {
  constructor(private readonly db: D1Database) {}

  /** Live bookings per start in [from, to). */
  async counts(
    brand: BrandId,
    shop: string,
    from: string,
    to: string,
  ): Promise<Map<string, number>> {
    const { results } = await this.db
      .prepare(slotCountsStatement)
      .bind(brand, shop, from, to)
      .all<{ start: string; taken: number }>();
    return new Map(results.map((row) => [row.start, row.taken]));
  }

  /** Closures of days in [fromDay, toDay). */
  async closures(brand: BrandId, shop: string, fromDay: string, toDay: string): Promise<Closure[]> {
    const { results } = await this.db
      .prepare(
        'SELECT day, start, at, actor FROM slot_closures WHERE brand = ? AND shop = ? AND day >= ? AND day < ?',
      )
      .bind(brand, shop, fromDay, toDay)
      .all<Closure>();
    return results;
  }

  /** `start` '' closes the whole day. */
  async close(brand: BrandId, shop: string, closure: Closure): Promise<void> {
    await this.db
      .prepare(
        'INSERT INTO slot_closures (brand, shop, day, start, at, actor) VALUES (?, ?, ?, ?, ?, ?) ' +
          'ON CONFLICT (brand, shop, day, start) DO NOTHING',
      )
      .bind(brand, shop, closure.day, closure.start, closure.at, closure.actor)
      .run();
  }

  async reopen(brand: BrandId, shop: string, day: string, start: string): Promise<void> {
    await this.db
      .prepare('DELETE FROM slot_closures WHERE brand = ? AND shop = ? AND day = ? AND start = ?')
      .bind(brand, shop, day, start)
      .run();
  }

  async leadIdOfToken(token: string): Promise<string | null> {
    const found = await this.db
      .prepare('SELECT id FROM leads WHERE booking_token = ?')
      .bind(token)
      .first<{ id: string }>();
    return found?.id ?? null;
  }

  /** To another slot of its shop, while that one has room: false when it had none. */
  async move(lead: StoredLead, start: string, capacity: number, at: string): Promise<boolean> {
    if (!lead.booking) return false;
    const hold = holdCondition(lead, { shop: lead.booking.shop, start }, capacity);
    const { meta } = await this.db
      .prepare(
        'UPDATE leads SET booking_start = ?, booking_sequence = booking_sequence + 1, ' +
          `booking_changed_at = ? WHERE id = ? AND ${live} AND ${hold.sql}`,
      )
      .bind(start, at, lead.id, ...hold.binds)
      .run();
    return meta.changes === 1;
  }

  /** held → confirmed, or a live booking → cancelled (the slot is free at once). */
  async setState(
    leadId: string,
    from: readonly BookingRecordState[],
    to: BookingRecordState,
    at: string,
  ): Promise<boolean> {
    const { meta } = await this.db
      .prepare(
        'UPDATE leads SET booking_state = ?, booking_sequence = booking_sequence + 1, ' +
          `booking_changed_at = ? WHERE id = ? AND booking_state IN (${from.map(() => '?').join(', ')})`,
      )
      .bind(to, at, leadId, ...from)
      .run();
    return meta.changes === 1;
  }

  /** 仮予約 received before `before`, not alerted yet (each shop's own time is the caller's). */
  async staleHolds(
    brand: BrandId,
    before: string,
  ): Promise<{ id: string; receivedAt: string; shop: string }[]> {
    const { results } = await this.db
      .prepare(staleHoldsStatement)
      .bind(brand, before)
      .all<{ id: string; receivedAt: string; shop: string }>();
    return results;
  }

  /** The week's live bookings of a shop, for the staff calendar. */
  async calendar(
    brand: BrandId,
    shop: string,
    from: string,
    to: string,
  ): Promise<CalendarBooking[]> {
    const { results } = await this.db
      .prepare(
        'SELECT id, booking_start AS start, booking_state AS state, last_name, first_name, erased_at ' +
          `FROM leads WHERE brand = ? AND booking_shop = ? AND booking_start >= ? AND booking_start < ? AND ${live} ` +
          'ORDER BY booking_start, received_at',
      )
      .bind(brand, shop, from, to)
      .all<{
        id: string;
        start: string;
        state: BookingRecordState;
        last_name: string | null;
        first_name: string | null;
        erased_at: string | null;
      }>();
    return results.map((row) => ({
      id: row.id,
      start: row.start,
      state: row.state,
      name: [row.last_name, row.first_name].filter(Boolean).join(' '),
      erased: row.erased_at !== null,
    }));
  }
}
