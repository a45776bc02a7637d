// Every call names the brand: one brand never sees another's leads.
import type { BrandId } from '../../src/brand/brands';
import type { ClickPlatform } from '../platforms/clicks';
import type { StoredLead } from '../leads/store';
import type {
  CurrentStage,
  EndedStage,
  FunnelStep,
  NewStageChange,
  Stage,
  StageChange,
} from './stages';

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

export type FunnelRow = {
  source: string;
  medium: string;
  campaign: string;
  /** The platform of the leads' first click id; '' for none. */
  platform: ClickPlatform | '';
  leads: number;
  /** Yen, tax included, of the leads at the last step (完了). */
  amount: number;
} & Record<FunnelStep | EndedStage, number>;

export type ChannelCount = {
  channel: string;
  sent: number;
  /** The platform reported it taken in (取込済): never that it was attributed. */
  accepted: number;
  /** Dead: refused, failed as reported, or given up on. */
  failed: number;
};

export type AuditAction =
  | 'list'
  | 'view'
  | 'stage'
  | 'create'
  | 'funnel'
  | 'export'
  | 'signInFailed'
  | 'people'
  | 'consent'
  | 'erase'
  | 'correct'
  | 'calendar';

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
  // One step: appends the change and moves the current stage. A key already used for the lead
  // answers its first change (created false), or keyReused when sent with another body.
  recordStage(brand: BrandId, change: NewStageChange): Promise<RecordedStage>;
  /** Leads received in [from, to). */
  stagesOf(brand: BrandId, from: string, to: string): Promise<Map<string, CurrentStage>>;
  /** Excluded (対象外) leads are not counted. */
  funnel(brand: BrandId, from: string, to: string): Promise<FunnelRow[]>;
  channelCounts(
    brand: BrandId,
    from: string,
    to: string,
    channels: readonly string[],
  ): Promise<ChannelCount[]>;
  audit(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  auditLog(brand: BrandId, limit: number): Promise<AuditEntry[]>;
}
