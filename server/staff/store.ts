/**
 * The staff's seam to the store: server/worker/d1Staff.ts over D1 (indexes of migration 0006),
 * server/node/localStaff.ts over files. Every call names the brand: one brand never sees another's.
 */
import type { BrandId } from '../../src/brand/brands';
import type { TrackingKey } from '../../src/tracking/trackingFields';
import { clickWords } from '../leads/words';
import type { StoredLead } from '../leads/store';
import type { CurrentStage, NewStageChange, Stage, StageChange } from './stages';

export type LeadQuery = {
  stage?: Stage;
  /** Received in [from, to), ISO 8601 UTC. */
  from?: string;
  to?: string;
  /** Exact: the 受付番号, the phone's digits; a prefix of the reading in katakana. */
  id?: string;
  phone?: string;
  kana?: string;
  limit: number;
};

export type LeadSummary = {
  id: string;
  receivedAt: string;
  name: string;
  kana: string;
  phone: string;
  model: string;
  suspectedSpam: boolean;
  stage: CurrentStage;
  /** Its personal fields were erased past the retention period. */
  erased: boolean;
};

export type StaffLead = StoredLead & { stage: CurrentStage; history: StageChange[] };

/** The ad platforms, in words, each with its click ids, in the order a lead is attributed. */
export const clickPlatforms: readonly (readonly [string, readonly TrackingKey[]])[] = [
  ...new Set(clickWords.map(([, platform]) => platform)),
].map((platform) => [
  platform,
  clickWords.filter(([, named]) => named === platform).map(([key]) => key),
]);

/** The platform of the lead's first click id, '' for none. */
export function clickPlatformOf(tracking: Partial<Record<TrackingKey, string>>): string {
  return clickPlatforms.find(([, keys]) => keys.some((key) => tracking[key]))?.[0] ?? '';
}

/** One group of the funnel: leads of one source, medium, campaign and click platform. */
export type FunnelRow = {
  source: string;
  medium: string;
  campaign: string;
  /** In words (Google 広告); '' for none. */
  platform: string;
  leads: number;
  contacted: number;
  booked: number;
  completed: number;
  /** Yen, tax included, of the 完了 leads. */
  amount: number;
};

/** One conversion channel's deliveries for the leads of a period (the funnel, per platform). */
export type ChannelCount = {
  channel: string;
  sent: number;
  /** The platform reported it taken in (取込済): never that it was attributed. */
  accepted: number;
  /** Dead: refused, failed as reported, or given up on. */
  failed: number;
};

export type AuditAction = 'list' | 'view' | 'stage' | 'create' | 'funnel' | 'export';

export type AuditEntry = {
  brand: BrandId;
  at: string;
  actor: string;
  action: AuditAction;
  target: string;
};

export type RecordedStage =
  | { kind: 'recorded'; change: StageChange; created: boolean }
  | { kind: 'keyReused' }
  | { kind: 'notFound' };

export interface StaffStore {
  lead(brand: BrandId, id: string): Promise<StaffLead | null>;
  /** Newest first. */
  leads(brand: BrandId, query: LeadQuery): Promise<LeadSummary[]>;
  /**
   * Appends the change and moves the lead's current stage, in one step; a key already used for
   * this lead answers its first change (created false), or keyReused when sent with another body.
   */
  recordStage(brand: BrandId, change: NewStageChange): Promise<RecordedStage>;
  /** Each lead received in [from, to) where it stands now, for the export. */
  stagesOf(brand: BrandId, from: string, to: string): Promise<Map<string, CurrentStage>>;
  /** Excluded (対象外) leads are not counted. */
  funnel(brand: BrandId, from: string, to: string): Promise<FunnelRow[]>;
  /**
   * The channels' deliveries of the leads funnel counts, per channel named; null where the
   * runtime keeps no delivery state (the local origin).
   */
  channelCounts(
    brand: BrandId,
    from: string,
    to: string,
    channels: readonly string[],
  ): Promise<ChannelCount[] | null>;
  audit(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  auditLog(brand: BrandId, limit: number): Promise<AuditEntry[]>;
}
