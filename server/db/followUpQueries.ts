// The Cron's reads and marks for reminders and 案内 (server/reminders/jobs.ts): each read goes
// through an index of migration 0011 (tests/server/reminders/queryPlans.d1.test.ts), a bounded
// batch at a time; each mark is conditional, so a lead is queued once per booking or 案内.
import type { BrandId } from '../../src/brand/brands';
import type { D1Database } from '../env';
import type { GuideKind, ReminderKind } from '../reminders/due';

/** A run's most, per kind: the next run goes on. */
const followUpBatch = 50;

/** @internal Exported for the query-plan test. Binds: brand, from (now), to (after the last day). */
export function dueRemindersStatement(kind: ReminderKind): string {
  return (
    `SELECT id, booked_for AS bookedFor FROM leads WHERE brand = ? AND stage = 'booked' ` +
    `AND booked_for >= ? AND booked_for < ? AND (${kind.column} IS NULL OR ${kind.column} != booked_for) ` +
    `AND erased_at IS NULL ORDER BY booked_for LIMIT ${followUpBatch}`
  );
}

/** @internal Exported for the query-plan test. Binds: brand, after (today), until (last day). */
export function dueGuidesStatement(kind: GuideKind): string {
  // The 30 days' 案内 only while the customer has not asked again (a later lead, same mailbox).
  const notBooked =
    kind.column === 'guided_30_at'
      ? 'AND NOT EXISTS (SELECT 1 FROM leads later WHERE later.brand = leads.brand AND ' +
        'later.receipt_mailbox = leads.receipt_mailbox AND later.received_at > leads.stage_changed_at) '
      : '';
  return (
    'SELECT id, next_expiry AS nextExpiry FROM leads WHERE brand = ? AND next_expiry IS NOT NULL ' +
    'AND guide_consent_at IS NOT NULL AND unsubscribed_at IS NULL AND next_expiry > ? AND next_expiry <= ? ' +
    `AND ${kind.column} IS NULL AND erased_at IS NULL ${notBooked}ORDER BY next_expiry LIMIT ${followUpBatch}`
  );
}

export class D1FollowUps {
  constructor(private readonly db: D1Database) {}

  async dueReminders(brand: BrandId, kind: ReminderKind, from: string, to: string) {
    const { results } = await this.db
      .prepare(dueRemindersStatement(kind))
      .bind(brand, from, to)
      .all<{ id: string; bookedFor: string }>();
    return results;
  }

  /** Claims the reminder for this booking: false when another run did, or the booking moved. */
  async markReminded(id: string, kind: ReminderKind, bookedFor: string): Promise<boolean> {
    const { meta } = await this.db
      .prepare(
        `UPDATE leads SET ${kind.column} = ? WHERE id = ? AND stage = 'booked' AND booked_for = ? ` +
          `AND (${kind.column} IS NULL OR ${kind.column} != ?)`,
      )
      .bind(bookedFor, id, bookedFor, bookedFor)
      .run();
    return meta.changes === 1;
  }

  async dueGuides(brand: BrandId, kind: GuideKind, after: string, until: string) {
    const { results } = await this.db
      .prepare(dueGuidesStatement(kind))
      .bind(brand, after, until)
      .all<{ id: string; nextExpiry: string }>();
    return results;
  }

  /** Claims the 案内, giving the lead its unsubscribe token on the first. */
  async markGuided(id: string, kind: GuideKind, at: string, token: string): Promise<boolean> {
    const { meta } = await this.db
      .prepare(
        `UPDATE leads SET ${kind.column} = ?, guide_token = COALESCE(guide_token, ?) WHERE id = ? ` +
          `AND ${kind.column} IS NULL AND unsubscribed_at IS NULL AND guide_consent_at IS NOT NULL`,
      )
      .bind(at, token, id)
      .run();
    return meta.changes === 1;
  }

  async leadIdOfGuideToken(token: string): Promise<string | null> {
    const found = await this.db
      .prepare('SELECT id FROM leads WHERE guide_token = ?')
      .bind(token)
      .first<{ id: string }>();
    return found?.id ?? null;
  }

  /** Kept with its time; the first one counts. */
  async unsubscribe(id: string, at: string): Promise<void> {
    await this.db
      .prepare('UPDATE leads SET unsubscribed_at = COALESCE(unsubscribed_at, ?) WHERE id = ?')
      .bind(at, id)
      .run();
  }

  /** The manage page's box: consent with its time and wording, or withdrawn (as unsubscribed). */
  async setGuideConsent(id: string, consent: boolean, at: string, version: string): Promise<void> {
    await this.db
      .prepare(
        consent
          ? 'UPDATE leads SET guide_consent_at = ?, guide_consent_version = ?, unsubscribed_at = NULL WHERE id = ?'
          : 'UPDATE leads SET unsubscribed_at = COALESCE(unsubscribed_at, ?), guide_consent_version = COALESCE(guide_consent_version, ?) WHERE id = ?',
      )
      .bind(at, version, id)
      .run();
  }
}
