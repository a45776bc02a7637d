// Every query names the brand and reads through an index migration 0006 names (the query-plan
// test holds it).
import type { BrandId } from '../../src/brand/brands';
import {
  currentStage,
  endedStages,
  excludedReasons,
  funnelSteps,
  type CurrentStage,
  type NewStageChange,
  type Stage,
  type StageChange,
} from '../staff/stages';
import {
  type AuditEntry,
  type FunnelRow,
  type LeadQuery,
  type LeadSummary,
  type RecordedStage,
  type StaffLead,
  type ChannelCount,
  type StaffStore,
} from '../staff/store';
import type { Redelivery } from '../leads/store';
import type { D1Database } from '../env';
import { currentOf, stageColumnNames, stageDetailsOf, type StageColumns } from './stageColumns';
import {
  channelCountStatement,
  funnelStatement,
  listStatement,
  staleLeadsStatement,
} from './staffQueries';

type StageRecord = {
  seq: number;
  lead_id: string;
  stage: Exclude<Stage, 'new'>;
  at: string;
  actor: string;
  booked_for: string | null;
  shop: string | null;
  amount: number | null;
  reason: string | null;
  next_expiry: string | null;
  progress: number;
  request_hash: string | null;
};

const stageColumns =
  'seq, lead_id, stage, at, actor, booked_for, shop, amount, reason, next_expiry, progress, ' +
  'request_hash';

function stageChange(record: StageRecord): StageChange {
  return {
    seq: record.seq,
    leadId: record.lead_id,
    stage: record.stage,
    at: record.at,
    actor: record.actor,
    progress: record.progress,
    ...stageDetailsOf(record),
    ...(record.reason !== null && { reason: record.reason }),
    ...(record.next_expiry !== null && { nextExpiry: record.next_expiry }),
  };
}

type SummaryRecord = StageColumns & {
  id: string;
  received_at: string;
  last_name: string | null;
  first_name: string | null;
  kana: string | null;
  phone: string | null;
  model: string | null;
  suspected_spam: number;
  erased_at: string | null;
};

function summary(record: SummaryRecord): LeadSummary {
  return {
    id: record.id,
    receivedAt: record.received_at,
    name: [record.last_name, record.first_name].filter(Boolean).join(' '),
    kana: record.kana ?? '',
    phone: record.phone ?? '',
    model: record.model ?? '',
    suspectedSpam: record.suspected_spam === 1,
    stage: currentOf(record),
    erased: record.erased_at !== null,
  };
}

export class D1Staff implements StaffStore {
  constructor(
    private readonly db: D1Database,
    private readonly leadStore: Pick<Redelivery, 'get'>,
  ) {}

  private async history(leadId: string): Promise<StageChange[]> {
    const { results } = await this.db
      .prepare(`SELECT ${stageColumns} FROM lead_stages WHERE lead_id = ? ORDER BY seq`)
      .bind(leadId)
      .all<StageRecord>();
    return results.map(stageChange);
  }

  async stagesOf(brand: BrandId, from: string, to: string): Promise<Map<string, CurrentStage>> {
    const { results } = await this.db
      .prepare(
        `SELECT id, ${stageColumnNames} FROM leads ` +
          'WHERE brand = ? AND received_at >= ? AND received_at < ?',
      )
      .bind(brand, from, to)
      .all<SummaryRecord>();
    return new Map(results.map((record) => [record.id, currentOf(record)]));
  }

  async channelCounts(
    brand: BrandId,
    from: string,
    to: string,
    channels: readonly string[],
  ): Promise<ChannelCount[]> {
    if (channels.length === 0) return [];
    const { results } = await this.db
      .prepare(channelCountStatement(channels.length))
      .bind(brand, from, to, ...channels)
      .all<ChannelCount>();
    return results;
  }

  async lead(brand: BrandId, id: string): Promise<StaffLead | null> {
    const lead = await this.leadStore.get(id);
    if (!lead || lead.brand !== brand) return null;
    const history = await this.history(id);
    return { ...lead, stage: currentStage(history), history };
  }

  async leads(brand: BrandId, query: LeadQuery): Promise<LeadSummary[]> {
    const { sql, binds } = listStatement(query);
    const { results } = await this.db
      .prepare(sql)
      .bind(brand, ...binds)
      .all<SummaryRecord>();
    return results.map(summary);
  }

  async recordStage(brand: BrandId, change: NewStageChange): Promise<RecordedStage> {
    const values = [
      change.leadId,
      change.stage,
      change.at,
      change.actor,
      change.bookedFor ?? null,
      change.shop ?? null,
      change.amount ?? null,
      change.reason ?? null,
      change.progress,
      change.idempotencyKey,
      change.requestHash,
    ];
    const excluded = excludedReasons.map((reason) => `'${reason}'`).join(', ');
    const [inserted, , read] = await this.db.batch<StageRecord>([
      this.db
        .prepare(
          'INSERT INTO lead_stages (lead_id, stage, at, actor, booked_for, shop, amount, reason, ' +
            'progress, idempotency_key, request_hash, next_expiry) SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ' +
            // An erased lead keeps no free text and no fingerprint of it (retention.ts).
            `CASE WHEN l.erased_at IS NULL OR ?8 IN (${excluded}) THEN ?8 END, ` +
            'COALESCE(?9, (SELECT progress FROM lead_stages WHERE lead_id = ?1 ORDER BY seq DESC ' +
            'LIMIT 1), 0), ?10, CASE WHEN l.erased_at IS NULL THEN ?11 END, ?14 ' +
            'FROM leads l WHERE l.id = ?12 AND l.brand = ?13 ' +
            'ON CONFLICT (lead_id, idempotency_key) DO NOTHING',
        )
        .bind(...values, change.leadId, brand, change.nextExpiry ?? null),
      this.db
        .prepare(
          // The .ics SEQUENCE only grows (decision 024): one more for each 予約確定 this batch
          // inserted (changes(): the insert just before), none for a replayed key.
          `UPDATE leads SET (${stageColumnNames}) = ` +
            '(SELECT stage, at, progress, booked_for, shop, amount FROM lead_stages ' +
            'WHERE lead_id = ?1 ORDER BY seq DESC LIMIT 1), booking_sequence = booking_sequence + ' +
            "(CASE WHEN changes() = 1 AND ?3 = 'booked' THEN 1 ELSE 0 END) WHERE id = ?1 AND " +
            'brand = ?2 AND EXISTS (SELECT 1 FROM lead_stages WHERE lead_id = ?1)',
        )
        .bind(change.leadId, brand, change.stage),
      this.db
        .prepare(
          `SELECT ${stageColumns} FROM lead_stages WHERE lead_id = ? AND idempotency_key = ? ` +
            'AND EXISTS (SELECT 1 FROM leads WHERE id = ? AND brand = ?)',
        )
        .bind(change.leadId, change.idempotencyKey, change.leadId, brand),
      ...this.bookingStatements(brand, change),
      ...this.expiryStatements(brand, change),
    ]);
    const record = read?.results[0];
    if (!record) return { kind: 'notFound' };
    const created = inserted?.meta.changes === 1;
    if (!created && record.request_hash !== change.requestHash) return { kind: 'keyReused' };
    return { kind: 'recorded', change: stageChange(record), created };
  }

  /** A 完了's next 満了日 onto the lead's row, for the 案内 (migration 0011). */
  private expiryStatements(brand: BrandId, change: NewStageChange) {
    if (change.stage !== 'completed' || !change.nextExpiry) return [];
    return [
      this.db
        .prepare(
          'UPDATE leads SET next_expiry = ? WHERE id = ? AND brand = ? AND EXISTS ' +
            '(SELECT 1 FROM lead_stages WHERE lead_id = ? AND idempotency_key = ? AND at = ?)',
        )
        .bind(
          change.nextExpiry,
          change.leadId,
          brand,
          change.leadId,
          change.idempotencyKey,
          change.at,
        ),
    ];
  }

  /** Run last in recordStage's batch, only when this change's row is new (its key, its time). */
  private bookingStatements(brand: BrandId, change: NewStageChange) {
    if (!change.booking) return [];
    const [to, from] =
      change.booking === 'confirm'
        ? ['confirmed', "('held')"]
        : ['cancelled', "('held', 'confirmed')"];
    return [
      this.db
        .prepare(
          'UPDATE leads SET booking_state = ?, booking_sequence = booking_sequence + 1, ' +
            `booking_changed_at = ? WHERE id = ? AND brand = ? AND booking_state IN ${from} AND ` +
            'EXISTS (SELECT 1 FROM lead_stages WHERE lead_id = ? AND idempotency_key = ? AND at = ?)',
        )
        .bind(to, change.at, change.leadId, brand, change.leadId, change.idempotencyKey, change.at),
    ];
  }

  async funnel(brand: BrandId, from: string, to: string): Promise<FunnelRow[]> {
    const { results } = await this.db
      .prepare(funnelStatement)
      .bind(brand, from, to)
      .all<FunnelRow>();
    return results.map((row) => {
      const counted = { ...row, amount: Number(row.amount) };
      for (const step of [...funnelSteps, ...endedStages]) {
        counted[step.name] = Number(row[step.name]);
      }
      return counted;
    });
  }

  /** Leads still 新規 since before `before`, not alerted yet. */
  async staleLeads(brand: BrandId, before: string): Promise<{ id: string; receivedAt: string }[]> {
    const { results } = await this.db
      .prepare(staleLeadsStatement)
      .bind(brand, before)
      .all<{ id: string; receivedAt: string }>();
    return results;
  }

  /** Each alerted once (leads.stale_alerted_at). */
  async markStaleAlerted(ids: readonly string[], at: string): Promise<void> {
    if (ids.length === 0) return;
    const update = this.db.prepare('UPDATE leads SET stale_alerted_at = ? WHERE id = ?');
    await this.db.batch(ids.map((id) => update.bind(at, id)));
  }

  async audit(entry: AuditEntry): Promise<void> {
    await this.db
      .prepare('INSERT INTO staff_audit (brand, at, actor, action, target) VALUES (?, ?, ?, ?, ?)')
      .bind(entry.brand, entry.at, entry.actor, entry.action, entry.target)
      .run();
  }

  async auditLog(brand: BrandId, limit: number): Promise<AuditEntry[]> {
    const { results } = await this.db
      .prepare(
        'SELECT brand, at, actor, action, target FROM staff_audit WHERE brand = ? ' +
          'ORDER BY seq DESC LIMIT ?',
      )
      .bind(brand, limit)
      .all<AuditEntry>();
    return results;
  }
}
