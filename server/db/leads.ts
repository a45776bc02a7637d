// One row per (brand, idempotency key) by the unique index, and per (brand, content) within the
// window: D1 runs one statement at a time, and the read-back shares its batch (one transaction).
import type { BrandId } from '../../src/brand/brands';
import type { KeyedLead, LeadStore, StoredLead } from '../leads/store';
import { leadRow } from './leadRow';
import { auditSearchMark, erasedAuditTarget, type RetentionStore } from '../leads/retention';
import { withdrawnReason } from '../platforms/platform';
import { excludedReasons } from '../staff/stages';
import { deliveryColumns, type DeliveryRecord } from './deliveries';
import { leadColumns, withDeliveries, type LeadRecord } from './leadRecord';
import { holdCondition, onlineBookingStage } from './bookings';
import type { D1Database } from '../env';

/** Its last parameters: brand, content hash, since, then the hold's (holdCondition). */
function insertStatement(columns: readonly string[], hold: string): string {
  return (
    `INSERT INTO leads (${columns.join(', ')}) SELECT ${columns.map(() => '?').join(', ')} ` +
    'WHERE NOT EXISTS (SELECT 1 FROM leads WHERE brand = ? AND content_hash = ? AND received_at >= ?) ' +
    `${hold ? `AND ${hold} ` : ''}ON CONFLICT (brand, idempotency_key) DO NOTHING`
  );
}

/** The key's own lead first, else the window's first duplicate. */
const storedOrMetStatement =
  'SELECT id FROM leads WHERE brand = ? AND (idempotency_key = ? OR ' +
  '(content_hash = ? AND received_at >= ?)) ORDER BY idempotency_key = ? DESC, received_at LIMIT 1';

/** @internal Exported for the query-plan test. Its brand, cutoff and limit (retention.ts). */
export const expiredLeadsStatement =
  `SELECT ${leadColumns} FROM leads WHERE brand = ? AND received_at < ? AND erased_at IS NULL ` +
  'ORDER BY received_at LIMIT ?';

/** @internal Exported for the query-plan test. Its brand, cutoff and limit (0009's partial index). */
export const expiredSearchesStatement =
  "SELECT seq, target FROM staff_audit WHERE brand = ? AND action = 'list' AND " +
  `instr(target, '${auditSearchMark}') > 0 AND at < ? ORDER BY at LIMIT ?`;

/** Columns an erasure never writes: who the lead is and when it came. */
const keptColumns = new Set(['id', 'brand', 'idempotency_key', 'received_at']);

export class D1LeadStore implements LeadStore, RetentionStore {
  constructor(private readonly db: D1Database) {}

  async insert(
    lead: StoredLead,
    duplicateSince: string,
  ): Promise<{ id: string; created: boolean }> {
    const stored = await this.insertHolding(lead, duplicateSince, null);
    if (!stored) throw new Error('D1: the lead was neither stored nor found');
    return stored;
  }

  /**
   * With a booking, the lead is stored only while its slot has room (`capacity`), in the same
   * statement: null when the slot was taken meanwhile and nothing was stored.
   */
  async insertHolding(
    lead: StoredLead,
    duplicateSince: string,
    capacity: number | null,
  ): Promise<{ id: string; created: boolean } | null> {
    const row = leadRow(lead);
    const columns = Object.keys(row);
    const { brand, idempotencyKey, contentHash } = lead;
    const hold =
      lead.booking && capacity !== null ? holdCondition(lead, lead.booking, capacity) : null;
    const [inserted, existing] = await this.db.batch<{ id: string }>([
      this.db
        .prepare(insertStatement(columns, hold?.sql ?? ''))
        .bind(
          ...columns.map((column) => row[column]),
          brand,
          contentHash,
          duplicateSince,
          ...(hold?.binds ?? []),
        ),
      this.db
        .prepare(storedOrMetStatement)
        .bind(brand, idempotencyKey, contentHash, duplicateSince, idempotencyKey),
      ...onlineBookingStage(this.db, lead),
    ]);
    const id = existing?.results[0]?.id;
    if (!inserted) throw new Error('D1: the lead was neither stored nor found');
    return id ? { id, created: inserted.meta.changes === 1 } : null;
  }

  async findByKey(brand: BrandId, idempotencyKey: string): Promise<KeyedLead | null> {
    const found = await this.db
      .prepare(
        'SELECT id, content_hash, request_hash FROM leads WHERE brand = ? AND idempotency_key = ?',
      )
      .bind(brand, idempotencyKey)
      .first<{ id: string; content_hash: string; request_hash: string | null }>();
    return found
      ? { id: found.id, contentHash: found.content_hash, requestHash: found.request_hash }
      : null;
  }

  async findDuplicate(brand: BrandId, contentHash: string, since: string): Promise<string | null> {
    const found = await this.db
      .prepare(
        'SELECT id FROM leads WHERE brand = ? AND content_hash = ? AND received_at >= ? ' +
          'ORDER BY received_at LIMIT 1',
      )
      .bind(brand, contentHash, since)
      .first<{ id: string }>();
    return found?.id ?? null;
  }

  // One statement over rows the inserts ordered (rowid): racing leads to one mailbox each count the
  // ones inserted before them, so no more than the cap get a receipt, whatever the interleaving.
  async earlierToMailbox(
    brand: BrandId,
    mailbox: string,
    since: string,
    leadId: string,
  ): Promise<number> {
    const found = await this.db
      .prepare(
        'SELECT COUNT(*) AS earlier FROM leads WHERE brand = ? AND receipt_mailbox = ? ' +
          'AND suspected_spam = 0 AND received_at >= ? AND id != ? AND rowid < ' +
          'COALESCE((SELECT rowid FROM leads WHERE id = ?), 9223372036854775807)',
      )
      .bind(brand, mailbox, since, leadId, leadId)
      .first<{ earlier: number }>();
    return found?.earlier ?? 0;
  }

  /** The leads `leadSql` selects (its columns `leadColumns`), with their deliveries, in one batch. */
  private async leadsOf(leadSql: string, binds: readonly (string | number)[]) {
    const [leads, deliveries] = await this.db.batch<LeadRecord | DeliveryRecord>([
      this.db.prepare(leadSql).bind(...binds),
      this.db
        .prepare(
          `SELECT ${deliveryColumns} FROM lead_deliveries WHERE lead_id IN ` +
            `(${leadSql.replace(leadColumns, 'id')})`,
        )
        .bind(...binds),
    ]);
    return withDeliveries(
      (leads?.results ?? []) as LeadRecord[],
      (deliveries?.results ?? []) as DeliveryRecord[],
    );
  }

  list(brand: BrandId, from: string, to: string): Promise<StoredLead[]> {
    return this.leadsOf(
      `SELECT ${leadColumns} FROM leads ` +
        'WHERE brand = ? AND received_at >= ? AND received_at < ? ORDER BY received_at, id',
      [brand, from, to],
    );
  }

  async get(id: string): Promise<StoredLead | null> {
    const [lead] = await this.leadsOf(`SELECT ${leadColumns} FROM leads WHERE id = ?`, [id]);
    return lead ?? null;
  }

  expired(brand: BrandId, before: string, limit: number): Promise<StoredLead[]> {
    return this.leadsOf(expiredLeadsStatement, [brand, before, limit]);
  }

  /** A person's leads in the brand, by mailbox key or phone digits, not erased, oldest first. */
  ofPerson(brand: BrandId, person: { mailbox: string; phone: string }): Promise<StoredLead[]> {
    return this.leadsOf(
      `SELECT ${leadColumns} FROM leads WHERE brand = ? AND erased_at IS NULL AND ` +
        '(receipt_mailbox = ? OR phone = ?) ORDER BY received_at, id',
      [brand, person.mailbox || '\u0000', person.phone || '\u0000'],
    );
  }

  /** Writes a corrected lead over its row (kept columns aside), while it is not erased. */
  async rewrite(lead: StoredLead): Promise<boolean> {
    const written = await this.rewriteStatement(lead).run();
    return written.meta.changes === 1;
  }

  private rewriteStatement(lead: StoredLead) {
    const row = leadRow(lead);
    const columns = Object.keys(row).filter((column) => !keptColumns.has(column));
    return this.db
      .prepare(
        `UPDATE leads SET ${columns.map((column) => `${column} = ?`).join(', ')} ` +
          'WHERE id = ? AND erased_at IS NULL',
      )
      .bind(...columns.map((column) => row[column]), lead.id);
  }

  /**
   * The person withdrew consent to the ad platforms' provision: recorded once, with its time, and
   * every conversion not sent yet is skipped (the consumer acks a skipped channel unsent).
   */
  async withdrawAdConsent(id: string, channels: readonly string[], at: string): Promise<void> {
    await this.db.batch([
      this.db
        .prepare(
          'UPDATE leads SET ad_consent_withdrawn_at = COALESCE(ad_consent_withdrawn_at, ?) WHERE id = ?',
        )
        .bind(at, id),
      this.db
        .prepare(
          "UPDATE lead_deliveries SET state = 'skipped', last_error = ?, queued_at = NULL, " +
            `retry_at = NULL WHERE lead_id = ? AND state IN ('pending', 'dead') AND channel IN ` +
            `(${channels.map(() => '?').join(', ')})`,
        )
        .bind(withdrawnReason, id, ...channels),
    ]);
  }

  /** One transaction (batch): a lead is erased whole or not at all, and never twice. */
  async erase(leads: readonly StoredLead[]): Promise<void> {
    const statements = leads.flatMap((lead) => {
      return [
        this.rewriteStatement(lead),
        this.db
          .prepare(
            "UPDATE lead_deliveries SET last_error = NULL WHERE lead_id = ? AND state NOT IN ('skipped', 'off')",
          )
          .bind(lead.id),
        // The body's fingerprint is an unsalted hash of what staff typed: a guess could be confirmed.
        this.db
          .prepare(
            'UPDATE lead_stages SET request_hash = NULL, reason = CASE WHEN reason IN ' +
              `(${excludedReasons.map(() => '?').join(', ')}) THEN reason END WHERE lead_id = ?`,
          )
          .bind(...excludedReasons, lead.id),
      ];
    });
    if (statements.length > 0) await this.db.batch(statements);
  }

  async eraseSearches(brand: BrandId, before: string, limit: number): Promise<number> {
    const { results } = await this.db
      .prepare(expiredSearchesStatement)
      .bind(brand, before, limit)
      .all<{ seq: number; target: string }>();
    if (results.length === 0) return 0;
    await this.db.batch(
      results.map(({ seq, target }) =>
        this.db
          .prepare('UPDATE staff_audit SET target = ? WHERE seq = ?')
          .bind(erasedAuditTarget(target), seq),
      ),
    );
    return results.length;
  }
}
