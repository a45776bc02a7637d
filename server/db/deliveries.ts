import type { BrandId } from '../../src/brand/brands';
import type { ChannelDecision, SendResult } from '../delivery/channel';
import type { PlatformReport } from '../delivery/platformReport';
import type { ChannelDelivery, DeliveryState } from '../leads/store';
import type { Deliveries, RequeueOptions } from '../delivery/types';
import type { D1Database } from '../env';

export type DeliveryRecord = {
  lead_id: string;
  channel: string;
  state: DeliveryState;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
  dead_lettered_at: string | null;
  receipt: string | null;
  report: PlatformReport | null;
  reported_at: string | null;
  decided_at: string | null;
};

export const deliveryColumns =
  'lead_id, channel, state, sent_at, attempts, last_error, dead_lettered_at, receipt, report, ' +
  'reported_at, decided_at';

export function channelDelivery(record: DeliveryRecord): ChannelDelivery {
  return {
    channel: record.channel,
    state: record.state,
    sentAt: record.sent_at,
    attempts: record.attempts,
    lastError: record.last_error,
    deadLetteredAt: record.dead_lettered_at,
    receipt: record.receipt,
    report: record.report,
    reportedAt: record.reported_at,
    decidedAt: record.decided_at,
  };
}

function initialState(decision: ChannelDecision): { state: DeliveryState; note: string | null } {
  switch (decision.kind) {
    case 'send':
      return { state: 'pending', note: null };
    case 'off':
      return { state: 'off', note: null };
    case 'skip':
      return { state: 'skipped', note: decision.reason };
  }
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 500);
}

export class D1Deliveries implements Deliveries {
  constructor(private readonly db: D1Database) {}

  decided(
    leadId: string,
    decisions: readonly (readonly [string, ChannelDecision])[],
    at: string,
  ): Promise<void> {
    return this.write(leadId, decisions, at, 'DO NOTHING');
  }

  /** A stage's channel decided again (a new booking): its earlier state, sent too, is replaced. */
  redecided(
    leadId: string,
    decisions: readonly (readonly [string, ChannelDecision])[],
    at: string,
  ): Promise<void> {
    return this.write(
      leadId,
      decisions,
      at,
      'DO UPDATE SET state = excluded.state, last_error = excluded.last_error, sent_at = NULL, ' +
        'attempts = 0, dead_lettered_at = NULL, decided_at = excluded.decided_at, queued_at = NULL, ' +
        'retry_at = NULL',
    );
  }

  private async write(
    leadId: string,
    decisions: readonly (readonly [string, ChannelDecision])[],
    at: string,
    onConflict: string,
  ): Promise<void> {
    if (decisions.length === 0) return;
    await this.db.batch(
      decisions.map(([channel, decision]) => {
        const { state, note } = initialState(decision);
        return this.db
          .prepare(
            'INSERT INTO lead_deliveries (lead_id, channel, state, last_error, decided_at) ' +
              `VALUES (?, ?, ?, ?, ?) ON CONFLICT (lead_id, channel) ${onConflict}`,
          )
          .bind(leadId, channel, state, note, at);
      }),
    );
  }

  async sent(leadId: string, channel: string, at: string, result?: SendResult): Promise<void> {
    const report: PlatformReport | null = result?.test
      ? 'test'
      : result?.receipt
        ? 'waiting'
        : null;
    await this.db
      .prepare(
        'INSERT INTO lead_deliveries (lead_id, channel, state, sent_at, attempts, receipt, report) ' +
          "VALUES (?, ?, 'sent', ?, 1, ?, ?) " +
          "ON CONFLICT (lead_id, channel) DO UPDATE SET state = 'sent', sent_at = excluded.sent_at, " +
          'attempts = attempts + 1, dead_lettered_at = NULL, receipt = excluded.receipt, ' +
          'report = excluded.report, reported_at = NULL',
      )
      .bind(leadId, channel, at, result?.receipt ?? null, report)
      .run();
  }

  /** A failed report turns the channel dead, for the alert and a re-send, with the reason. */
  async reported(
    leadId: string,
    channel: string,
    report: PlatformReport,
    reason: string | null,
    at: string,
  ): Promise<void> {
    await this.db
      .prepare(
        'UPDATE lead_deliveries SET report = ?, reported_at = ?, ' +
          'last_error = COALESCE(?, last_error), ' +
          "state = CASE WHEN ? = 'failed' THEN 'dead' ELSE state END, " +
          "dead_lettered_at = CASE WHEN ? = 'failed' THEN ? ELSE dead_lettered_at END " +
          "WHERE lead_id = ? AND channel = ? AND state = 'sent'",
      )
      .bind(report, at, reason, report, report, at, leadId, channel)
      .run();
  }

  /** `retryAt`: when the queue is to hand it back; past it (and the grace) it is swept. */
  async failed(leadId: string, channel: string, error: unknown, retryAt: string): Promise<void> {
    await this.db
      .prepare(
        'INSERT INTO lead_deliveries (lead_id, channel, state, attempts, last_error, retry_at) ' +
          "VALUES (?, ?, 'pending', 1, ?, ?) " +
          'ON CONFLICT (lead_id, channel) DO UPDATE SET attempts = attempts + 1, ' +
          'last_error = excluded.last_error, retry_at = excluded.retry_at',
      )
      .bind(leadId, channel, errorText(error), retryAt)
      .run();
  }

  /** A channel sent meanwhile stays sent. */
  async deadLettered(leadId: string, channel: string, at: string): Promise<void> {
    await this.db
      .prepare(
        "INSERT INTO lead_deliveries (lead_id, channel, state, dead_lettered_at) VALUES (?, ?, 'dead', ?) " +
          "ON CONFLICT (lead_id, channel) DO UPDATE SET state = 'dead', " +
          "dead_lettered_at = excluded.dead_lettered_at WHERE state != 'sent'",
      )
      .bind(leadId, channel, at)
      .run();
  }

  // Marks each channel queued where it is not in the queue's hands (pending and never queued or
  // past `staleBefore`, or dead when `dead`). One UPDATE per channel, so of racing callers
  // (notifier, replay, sweep, re-send) one wins each channel; returns the channels won, to queue.
  async requeued(
    leadId: string,
    channels: readonly string[],
    options: RequeueOptions,
  ): Promise<string[]> {
    if (channels.length === 0) return [];
    const results = await this.db.batch(
      channels.map((channel) =>
        this.db
          .prepare(
            "UPDATE lead_deliveries SET state = 'pending', dead_lettered_at = NULL, " +
              'queued_at = ?, retry_at = ? WHERE lead_id = ? AND channel = ? AND ' +
              "((state = 'pending' AND (queued_at IS NULL OR COALESCE(retry_at, queued_at) < ?)) " +
              "OR (state = 'dead' AND ? = 1))",
          )
          .bind(
            options.at,
            options.at,
            leadId,
            channel,
            options.staleBefore ?? '',
            options.dead ? 1 : 0,
          ),
      ),
    );
    return channels.filter((_, index) => results[index]?.meta.changes === 1);
  }

  /** With the leads that have no delivery row at all: their channels were never decided. */
  async undelivered(
    brand: BrandId,
    staleBefore: string,
    options: { channels?: readonly string[] | undefined; dead: boolean },
  ): Promise<{ pairs: { id: string; channel: string }[]; undecided: string[] }> {
    const { channels } = options;
    const onlyChannels = channels
      ? `d.channel IN (${channels.map(() => '?').join(', ')}) AND `
      : '';
    const [rows, leadsWithout] = await this.db.batch<{ id: string; channel?: string }>([
      this.db
        .prepare(
          'SELECT d.lead_id AS id, d.channel AS channel FROM lead_deliveries d ' +
            `JOIN leads l ON l.id = d.lead_id WHERE l.brand = ? AND ${onlyChannels}` +
            "((d.state = 'dead' AND ? = 1) OR (d.state = 'pending' AND " +
            'COALESCE(d.retry_at, d.queued_at, d.decided_at, l.received_at) < ?)) ' +
            'ORDER BY l.received_at LIMIT 500',
        )
        .bind(brand, ...(channels ?? []), options.dead ? 1 : 0, staleBefore),
      this.db
        .prepare(
          'SELECT id FROM leads l WHERE brand = ? AND received_at < ? AND NOT EXISTS ' +
            '(SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.id) ORDER BY received_at LIMIT 100',
        )
        .bind(brand, staleBefore),
    ]);
    return {
      pairs: (rows?.results ?? []) as { id: string; channel: string }[],
      undecided: ((leadsWithout?.results ?? []) as { id: string }[]).map(({ id }) => id),
    };
  }

  async deadLetters(brand: BrandId): Promise<(ChannelDelivery & { leadId: string })[]> {
    const { results } = await this.db
      .prepare(
        `SELECT ${deliveryColumns.replace(/(\w+)/g, 'd.$1')} FROM lead_deliveries d ` +
          "JOIN leads l ON l.id = d.lead_id WHERE l.brand = ? AND d.state = 'dead' " +
          'ORDER BY d.dead_lettered_at DESC LIMIT 100',
      )
      .bind(brand)
      .all<DeliveryRecord>();
    return results.map((record) => ({ ...channelDelivery(record), leadId: record.lead_id }));
  }

  async lastAlert(brand: BrandId): Promise<string | null> {
    const found = await this.db
      .prepare('SELECT sent_at FROM delivery_alerts WHERE brand = ?')
      .bind(brand)
      .first<{ sent_at: string }>();
    return found?.sent_at ?? null;
  }

  async alerted(brand: BrandId, at: string): Promise<void> {
    await this.db
      .prepare(
        'INSERT INTO delivery_alerts (brand, sent_at) VALUES (?, ?) ' +
          'ON CONFLICT (brand) DO UPDATE SET sent_at = excluded.sent_at',
      )
      .bind(brand, at)
      .run();
  }
}
