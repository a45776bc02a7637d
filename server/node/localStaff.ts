/**
 * The local origin's staff store: each lead's stage changes and the staff's audit as JSON lines
 * beside the leads' file (`<leads>-stages.jsonl`, `<leads>-audit.jsonl`), writes serialised, so the
 * inbox works offline as on D1.
 */
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { BrandId } from '../../src/brand/brands';
import { isRecord } from '../../src/lib/isRecord';
import { createKeyedQueue } from '../estimate/keyedQueue';
import type { LeadStore, StoredLead } from '../leads/store';
import { currentStage, isStage, type StageChange } from '../staff/stages';
import { columnText, leadKana } from '../leads/values';
import {
  auditSearchMark,
  erasedAuditTarget,
  erasedStage,
  type RetentionStore,
} from '../leads/retention';
import {
  clickPlatformOf,
  type AuditEntry,
  type FunnelRow,
  type LeadSummary,
  type StaffStore,
} from '../staff/store';

type KeyedChange = StageChange & { idempotencyKey: string | null; requestHash: string | null };

async function lines(file: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((line) => {
    try {
      return line.trim() ? [JSON.parse(line) as unknown] : [];
    } catch {
      return []; // a torn last line
    }
  });
}

function isChange(value: unknown): value is KeyedChange {
  return (
    isRecord(value) &&
    typeof value.leadId === 'string' &&
    typeof value.seq === 'number' &&
    isStage(value.stage)
  );
}

export type LocalStaffStore = StaffStore & {
  /** The retention period's part of the stages file (retention.ts erasedStage), rewritten whole. */
  eraseReasons(leadIds: readonly string[]): Promise<void>;
  eraseSearches: RetentionStore['eraseSearches'];
};

export function createLocalStaffStore(options: {
  store: LeadStore;
  file: string;
}): LocalStaffStore {
  const base = options.file.replace(/\.jsonl$/, '');
  const stagesFile = `${base}-stages.jsonl`;
  const auditFile = `${base}-audit.jsonl`;
  const writes = createKeyedQueue();
  let changes: Promise<KeyedChange[]> | undefined;
  const loaded = () => (changes ??= lines(stagesFile).then((all) => all.filter(isChange)));

  async function append(file: string, record: unknown): Promise<void> {
    await mkdir(dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify(record)}\n`, 'utf8');
  }

  /** Written anew beside and renamed over: a crash leaves the old file or the new one. */
  async function rewrite(file: string, records: readonly unknown[]): Promise<void> {
    await writeFile(`${file}.tmp`, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    await rename(`${file}.tmp`, file);
  }

  const allLeads = (brand: BrandId) => options.store.list(brand, '', '\uffff');

  async function historyOf(id: string): Promise<StageChange[]> {
    return (await loaded())
      .filter((change) => change.leadId === id)
      .map(({ idempotencyKey: _key, requestHash: _hash, ...change }) => change);
  }

  async function summary(lead: StoredLead): Promise<LeadSummary> {
    return {
      id: lead.id,
      receivedAt: lead.receivedAt,
      name: columnText(lead.request, 'name'),
      kana: leadKana(lead.request),
      phone: lead.request.customer.phone,
      model: lead.request.vehicle.model ?? '',
      suspectedSpam: lead.suspectedSpam,
      stage: currentStage(await historyOf(lead.id)),
      erased: Boolean(lead.erasedAt),
    };
  }

  return {
    async stagesOf(brand, from, to) {
      const leads = await options.store.list(brand, from, to);
      return new Map(
        await Promise.all(
          leads.map(async (lead) => [lead.id, currentStage(await historyOf(lead.id))] as const),
        ),
      );
    },
    async lead(brand, id) {
      const lead = (await allLeads(brand)).find((known) => known.id === id);
      if (!lead) return null;
      const history = await historyOf(id);
      return { ...lead, stage: currentStage(history), history };
    },
    async leads(brand, query) {
      const matching = (await allLeads(brand)).filter(
        (lead) =>
          (!query.id || lead.id === query.id) &&
          (!query.phone || lead.request.customer.phone === query.phone) &&
          (!query.kana || leadKana(lead.request).startsWith(query.kana)) &&
          (!query.from || lead.receivedAt >= query.from) &&
          (!query.to || lead.receivedAt < query.to),
      );
      const summaries = await Promise.all(matching.map(summary));
      return summaries
        .filter((lead) => !query.stage || lead.stage.stage === query.stage)
        .sort((a, b) => (a.receivedAt < b.receivedAt ? 1 : a.receivedAt > b.receivedAt ? -1 : 0))
        .slice(0, query.limit);
    },
    recordStage(brand, change) {
      return writes('stages', async () => {
        const lead = (await allLeads(brand)).find((known) => known.id === change.leadId);
        if (!lead) return { kind: 'notFound' };
        const all = await loaded();
        const known = all.find(
          (other) =>
            other.leadId === change.leadId && other.idempotencyKey === change.idempotencyKey,
        );
        const strip = ({ idempotencyKey: _key, requestHash: _hash, ...rest }: KeyedChange) => rest;
        if (known) {
          return known.requestHash === change.requestHash
            ? { kind: 'recorded', change: strip(known), created: false }
            : { kind: 'keyReused' };
        }
        const seq = (all.at(-1)?.seq ?? 0) + 1;
        const recorded: KeyedChange = { ...change, seq };
        await append(stagesFile, recorded);
        all.push(recorded);
        return { kind: 'recorded', change: strip(recorded), created: true };
      });
    },
    async funnel(brand, from, to) {
      const rows = new Map<string, FunnelRow>();
      for (const lead of await allLeads(brand)) {
        if (lead.receivedAt < from || lead.receivedAt >= to) continue;
        const stage = currentStage(await historyOf(lead.id));
        if (stage.stage === 'excluded') continue;
        const { tracking } = lead.request;
        const group = {
          source: tracking.source ?? '',
          medium: tracking.inquiry_medium ?? '',
          campaign: tracking.campaign ?? '',
          platform: clickPlatformOf(tracking),
        };
        const key = JSON.stringify(group);
        const row = rows.get(key) ?? {
          ...group,
          leads: 0,
          contacted: 0,
          booked: 0,
          completed: 0,
          amount: 0,
        };
        row.leads += 1;
        if (stage.progress >= 1) row.contacted += 1;
        if (stage.progress >= 2) row.booked += 1;
        if (stage.stage === 'completed') {
          row.completed += 1;
          row.amount += stage.amount ?? 0;
        }
        rows.set(key, row);
      }
      return [...rows.values()].sort((a, b) => b.leads - a.leads);
    },
    /** The local origin sends at once and keeps no delivery state. */
    channelCounts: () => Promise.resolve(null),
    eraseReasons(leadIds) {
      const ids = new Set(leadIds);
      return writes('stages', async () => {
        const all = await loaded();
        if (!all.some((change) => ids.has(change.leadId) && change.reason)) return;
        const kept = all.map((change) => (ids.has(change.leadId) ? erasedStage(change) : change));
        all.splice(0, all.length, ...kept);
        await rewrite(stagesFile, kept);
      });
    },
    eraseSearches(brand, before, limit) {
      return writes('audit', async () => {
        let erased = 0;
        const entries = (await lines(auditFile)).map((entry) => {
          if (
            erased >= limit ||
            !isRecord(entry) ||
            entry.brand !== brand ||
            entry.action !== 'list' ||
            typeof entry.at !== 'string' ||
            entry.at >= before ||
            typeof entry.target !== 'string' ||
            !entry.target.includes(auditSearchMark)
          ) {
            return entry;
          }
          erased += 1;
          return { ...entry, target: erasedAuditTarget(entry.target) };
        });
        if (erased > 0) await rewrite(auditFile, entries);
        return erased;
      });
    },
    audit(entry) {
      return writes('audit', () => append(auditFile, entry));
    },
    async auditLog(brand, limit) {
      const entries = (await lines(auditFile)).filter(
        (entry): entry is AuditEntry => isRecord(entry) && entry.brand === brand,
      );
      return entries.reverse().slice(0, limit);
    },
  };
}

/**
 * The retention period over the local files: the stages first, so a lead found again after a
 * failure has its reasons erased once more.
 */
export function localRetention(
  store: Pick<RetentionStore, 'expired' | 'erase'>,
  staff: LocalStaffStore,
): RetentionStore {
  return {
    expired: store.expired,
    eraseSearches: staff.eraseSearches,
    erase: async (leads) => {
      await staff.eraseReasons(leads.map((lead) => lead.id));
      await store.erase(leads);
    },
  };
}
