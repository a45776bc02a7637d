// The retention period the privacy policy prints: past it, a lead's personal fields are erased and
// what the funnel counts is kept.
import type { BrandId } from '../../src/brand/brands';
import { retentionYears } from '../../src/content/retention';
import { clickIdParams, type TrackingData } from '../../src/tracking/trackingFields';
import type { ChannelDelivery, ErasedReason, StoredLead } from './store';
import { excludedReasons, type StageChange } from '../staff/stages';
import { parseStoredRequest } from './storedRequest';

/** Leads erased per run: a run stays short, and the next one carries on where it stopped. */
const retentionBatch = 100;

/** What a click id becomes: the platform that brought the lead still counts, the id is gone. */
const erasedClickId = '消去済み';

export const erasedNotices: Record<ErasedReason, string> = {
  retention: `保存期間（${retentionYears}年）を過ぎたため、個人情報は消去済みです`,
  request: 'ご本人のご請求により、個人情報は消去済みです',
};

function retentionCutoff(now: Date): string {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - retentionYears);
  return cutoff.toISOString();
}

const keptCampaign = ['source', 'inquiry_medium', 'campaign'] as const;
const clickKeys: readonly string[] = ['gaid', ...clickIdParams];

function keptTracking(tracking: TrackingData): TrackingData {
  const kept: TrackingData = {};
  for (const key of keptCampaign) if (tracking[key]) kept[key] = tracking[key];
  for (const [key, value] of Object.entries(tracking)) {
    if (value && clickKeys.includes(key)) kept[key as keyof TrackingData] = erasedClickId;
  }
  return kept;
}

/** No consent: it is never sent anywhere again. A person's request erases by the same rule, now. */
export function erasedLead(
  lead: StoredLead,
  at: string,
  reason: ErasedReason = 'retention',
): StoredLead {
  const request = parseStoredRequest(
    {
      entryPoint: lead.request.entryPoint,
      tracking: keptTracking(lead.request.tracking),
      adConsent: false,
    },
    lead.brand,
  );
  const kept: StoredLead = {
    ...lead,
    contentHash: '',
    requestHash: '',
    request,
    erasedAt: at,
    erasedReason: reason,
  };
  delete kept.matching;
  // The slot still counts where it was; the link to manage it is gone.
  if (lead.booking) kept.booking = { ...lead.booking, token: null };
  if (lead.deliveries) kept.deliveries = lead.deliveries.map(erasedDelivery);
  return kept;
}

/** A skip's reason is the channel's own words; a failure may quote what was sent or answered. */
function erasedDelivery(delivery: ChannelDelivery): ChannelDelivery {
  return delivery.state === 'skipped' || delivery.state === 'off'
    ? delivery
    : { ...delivery, lastError: null };
}

/**
 * A 失注's reason is free text; an 対象外's is one of the fixed words and stays.
 * @internal The rule of the SQL that erases it (db/leads.ts), held by tests.
 */
export function erasedStage<T extends StageChange>(change: T): T {
  if (!change.reason || (excludedReasons as readonly string[]).includes(change.reason)) {
    return change;
  }
  const kept = { ...change };
  delete kept.reason;
  return kept;
}

/** How the inbox's audit entry names a search: `検索「<words>」`. */
export const auditSearchMark = '検索「';

/** A search's words in the audit (a phone, a reading) are a person's too: the search stays. */
export function erasedAuditTarget(target: string): string {
  const at = target.indexOf(auditSearchMark);
  return at < 0 ? target : `${target.slice(0, at)}検索（保存期間を過ぎ消去済み）`;
}

export interface RetentionStore {
  /** Not yet erased, oldest first. */
  expired(brand: BrandId, before: string, limit: number): Promise<StoredLead[]>;
  /** Writes each erased lead over its row, its stages' reasons and its errors. */
  erase(leads: readonly StoredLead[]): Promise<void>;
  /** Rewrites searches' audit entries by erasedAuditTarget; how many. */
  eraseSearches(brand: BrandId, before: string, limit: number): Promise<number>;
}

/** Erases one batch of leads and of searches past the period; how many. Run again, it carries on. */
export async function keepRetention(
  store: RetentionStore,
  brand: BrandId,
  now: Date,
  limit = retentionBatch,
): Promise<number> {
  const before = retentionCutoff(now);
  const expired = await store.expired(brand, before, limit);
  const at = now.toISOString();
  if (expired.length > 0) await store.erase(expired.map((lead) => erasedLead(lead, at)));
  return expired.length + (await store.eraseSearches(brand, before, limit));
}
