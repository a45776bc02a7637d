/**
 * The local origin's lead store (a JSON-lines file) and rate limiter (memory), so `npm start` works
 * offline. ESTIMATES_MODE=fail makes every call fail (503); =slow delays each insert past the
 * client's 15 s timeout: both for e2e.
 */
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isBrandId, type BrandId } from '../../src/brand/brands';
import { isRecord } from '../../src/lib/isRecord';
import { storedMatchingData } from '../../src/tracking/matchingFields';
import { createKeyedQueue } from '../estimate/keyedQueue';
import { parseStoredRequest } from '../leads/storedRequest';
import { mailboxKey } from '../delivery/receiptRules';
import { newLeadRateLimit } from '../estimate/rateLimitPolicy';
import type { LeadNotifier, LeadStore, RateLimiter, StoredLead } from '../leads/store';
import type { RetentionStore } from '../leads/retention';

const slowModeDelayMs = 20_000;

export type LocalLeadStoreOptions = {
  file: string;
  slowDelayMs?: number;
};

/** The request under `body`, the name the file has always used (the e2e suites read it). */
function toLine(lead: StoredLead): Record<string, unknown> {
  const { request, ...rest } = lead;
  return { ...rest, body: request };
}

/** Older lines lack all but id, receivedAt, key and body. */
function leadFromLine(line: string): StoredLead | null {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return null; // a torn last line (a crash mid-write) must not stop the server
  }
  if (!isRecord(record)) return null;
  const request = record.body;
  const brand = record.brand ?? (isRecord(request) ? request.brand : undefined);
  const { id, idempotencyKey, receivedAt } = record;
  if (
    typeof id !== 'string' ||
    typeof idempotencyKey !== 'string' ||
    typeof receivedAt !== 'string' ||
    !isBrandId(brand)
  ) {
    return null;
  }
  return {
    id,
    brand,
    idempotencyKey,
    receivedAt,
    request: parseStoredRequest(request, brand),
    contentHash: typeof record.contentHash === 'string' ? record.contentHash : '',
    requestHash: typeof record.requestHash === 'string' ? record.requestHash : '',
    suspectedSpam: record.suspectedSpam === true,
    ...optionalMatching(record.matching),
    ...(typeof record.erasedAt === 'string' && { erasedAt: record.erasedAt }),
  };
}

function optionalMatching(value: unknown): Pick<StoredLead, 'matching'> {
  const matching = storedMatchingData(value);
  return matching ? { matching } : {};
}

type State = {
  leads: StoredLead[];
  byKey: Map<string, StoredLead>;
  /** The file ends in a torn line; the next record must start on a line of its own. */
  tornEnd: boolean;
};

function keyOf(brand: BrandId, idempotencyKey: string): string {
  return `${brand}\n${idempotencyKey}`;
}

function duplicateIn(
  leads: readonly StoredLead[],
  brand: BrandId,
  contentHash: string,
  since: string,
): StoredLead | undefined {
  return leads.find(
    (lead) => lead.brand === brand && lead.contentHash === contentHash && lead.receivedAt >= since,
  );
}

async function readState(file: string): Promise<State> {
  const state: State = { leads: [], byKey: new Map(), tornEnd: false };
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return state;
  }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const lead = leadFromLine(line);
    if (!lead) continue;
    state.leads.push(lead);
    state.byKey.set(keyOf(lead.brand, lead.idempotencyKey), lead);
  }
  state.tornEnd = text !== '' && !text.endsWith('\n');
  return state;
}

function checkMode(): void {
  if (process.env.ESTIMATES_MODE === 'fail') {
    throw new Error('ESTIMATES_MODE=fail: the local lead store refuses every call');
  }
}

export function createLocalLeadStore(
  options: LocalLeadStoreOptions,
): LeadStore & Pick<RetentionStore, 'expired' | 'erase'> {
  const { file } = options;
  let state: Promise<State> | undefined;
  const loaded = () => (state ??= readState(file));
  /** One write at a time: each insert checks the key and the content before the next looks. */
  const writes = createKeyedQueue();
  const serially = <T>(run: () => Promise<T>): Promise<T> => writes('insert', run);

  return {
    async insert(lead: StoredLead, duplicateSince: string) {
      checkMode();
      if (process.env.ESTIMATES_MODE === 'slow') {
        await new Promise((resolve) => setTimeout(resolve, options.slowDelayMs ?? slowModeDelayMs));
      }
      return serially(async () => {
        const current = await loaded();
        const key = keyOf(lead.brand, lead.idempotencyKey);
        const known =
          current.byKey.get(key) ??
          duplicateIn(current.leads, lead.brand, lead.contentHash, duplicateSince);
        if (known) return { id: known.id, created: false };
        const stored: StoredLead = lead;
        const prefix = current.tornEnd ? '\n' : '';
        await mkdir(dirname(file), { recursive: true });
        await appendFile(file, `${prefix}${JSON.stringify(toLine(stored))}\n`, 'utf8');
        current.tornEnd = false;
        current.leads.push(stored);
        current.byKey.set(key, stored);
        return { id: stored.id, created: true };
      });
    },
    async findByKey(brand, idempotencyKey) {
      checkMode();
      const known = (await loaded()).byKey.get(keyOf(brand, idempotencyKey));
      if (!known) return null;
      const { id, contentHash, requestHash } = known;
      // Lines written before the fingerprint was kept have none: any body replays them.
      return { id, contentHash, requestHash: requestHash || null };
    },
    async findDuplicate(brand, contentHash, since) {
      checkMode();
      return duplicateIn((await loaded()).leads, brand, contentHash, since)?.id ?? null;
    },
    async earlierToMailbox(brand, mailbox, since, leadId) {
      checkMode();
      const { leads } = await loaded();
      const at = leads.findIndex((lead) => lead.id === leadId);
      return (at < 0 ? leads : leads.slice(0, at)).filter(
        (lead) =>
          lead.brand === brand &&
          !lead.suspectedSpam &&
          lead.receivedAt >= since &&
          mailboxKey(lead.request.customer.email) === mailbox,
      ).length;
    },
    async list(brand, from, to) {
      checkMode();
      const { leads } = await loaded();
      return leads
        .filter((lead) => lead.brand === brand && lead.receivedAt >= from && lead.receivedAt < to)
        .sort(byReceivedAt);
    },
    async expired(brand, before, limit) {
      const { leads } = await loaded();
      return leads
        .filter((lead) => lead.brand === brand && lead.receivedAt < before && !lead.erasedAt)
        .sort(byReceivedAt)
        .slice(0, limit);
    },
    /** The file is written anew beside and renamed over: a crash leaves the old or the new one. */
    async erase(erased) {
      if (erased.length === 0) return;
      await serially(async () => {
        const current = await loaded();
        const byId = new Map(erased.map((lead) => [lead.id, lead]));
        current.leads = current.leads.map((lead) =>
          lead.erasedAt ? lead : (byId.get(lead.id) ?? lead),
        );
        for (const lead of current.leads) {
          current.byKey.set(keyOf(lead.brand, lead.idempotencyKey), lead);
        }
        const text = current.leads.map((lead) => `${JSON.stringify(toLine(lead))}\n`).join('');
        await writeFile(`${file}.tmp`, text, 'utf8');
        await rename(`${file}.tmp`, file);
        current.tornEnd = false;
      });
    },
  };
}

function byReceivedAt(a: StoredLead, b: StoredLead): number {
  return a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : 0;
}

/** Keys with no hit left in the window are swept as the map grows, so it stays bounded. */
export function createMemoryRateLimiter(
  options: { limit?: number; windowSeconds?: number; now?: () => number } = {},
): RateLimiter {
  const limit = options.limit ?? newLeadRateLimit.limit;
  const windowMs = (options.windowSeconds ?? newLeadRateLimit.windowSeconds) * 1000;
  const now = options.now ?? Date.now;
  const hits = new Map<string, number[]>();
  const sweepAt = 10_000;

  return {
    hit(key) {
      const time = now();
      if (hits.size > sweepAt) {
        for (const [other, times] of hits) {
          if ((times.at(-1) ?? 0) <= time - windowMs) hits.delete(other);
        }
      }
      const recent = (hits.get(key) ?? []).filter((at) => at > time - windowMs);
      if (recent.length >= limit) {
        hits.set(key, recent);
        const oldest = recent[0] ?? time;
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMs - time) / 1000));
        return Promise.resolve({ ok: false, retryAfterSeconds });
      }
      recent.push(time);
      hits.set(key, recent);
      return Promise.resolve({ ok: true });
    },
  };
}

/** @internal For tests only: the local origin mails with createLocalMailNotifier (localMail.ts). */
export const localNotifier: LeadNotifier = {
  created: () => Promise.resolve(),
  replayed: () => Promise.resolve(),
};
