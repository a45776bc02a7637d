// A lead's D1 row as the stores read it back: its columns, and the StoredLead they make with its
// deliveries.
import type { BrandId } from '../../src/brand/brands';
import { storedMatchingData } from '../../src/tracking/matchingFields';
import type { ChannelDelivery, ErasedReason, StoredLead } from '../leads/store';
import { parseStoredRequest } from '../leads/storedRequest';
import { bookingColumnNames, bookingOf, type BookingColumns } from './bookings';
import { channelDelivery, type DeliveryRecord } from './deliveries';
import { followUpColumnNames, followUpsOf, type FollowUpColumns } from './followUps';
import { currentOf, stageColumnNames, type StageColumns } from './stageColumns';

export type LeadRecord = {
  id: string;
  brand: BrandId;
  idempotency_key: string;
  content_hash: string;
  request_hash: string | null;
  received_at: string;
  suspected_spam: number;
  request_json: string;
  matching_json: string | null;
  erased_at: string | null;
  erased_reason: ErasedReason | null;
  ad_consent_withdrawn_at: string | null;
} & StageColumns &
  BookingColumns &
  FollowUpColumns;

export const leadColumns =
  'id, brand, idempotency_key, content_hash, request_hash, received_at, suspected_spam, ' +
  'request_json, matching_json, erased_at, erased_reason, ad_consent_withdrawn_at, ' +
  `${stageColumnNames}, ${bookingColumnNames}, ${followUpColumnNames}`;

function storedMatching(json: string | null): Pick<StoredLead, 'matching'> {
  if (json === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  const matching = storedMatchingData(parsed);
  return matching ? { matching } : {};
}

function storedLead(record: LeadRecord, deliveries: readonly ChannelDelivery[]): StoredLead {
  return {
    id: record.id,
    brand: record.brand,
    idempotencyKey: record.idempotency_key,
    contentHash: record.content_hash,
    requestHash: record.request_hash ?? '',
    receivedAt: record.received_at,
    suspectedSpam: record.suspected_spam === 1,
    deliveries,
    request: parseStoredRequest(JSON.parse(record.request_json), record.brand),
    ...storedMatching(record.matching_json),
    stage: currentOf(record),
    bookingSequence: record.booking_sequence,
    ...bookingOf(record),
    followUps: followUpsOf(record),
    ...(record.erased_at && { erasedAt: record.erased_at }),
    ...(record.erased_reason && { erasedReason: record.erased_reason }),
    ...(record.ad_consent_withdrawn_at && { adConsentWithdrawnAt: record.ad_consent_withdrawn_at }),
  };
}

export function withDeliveries(
  records: readonly LeadRecord[],
  rows: readonly DeliveryRecord[],
): StoredLead[] {
  const byLead = new Map<string, ChannelDelivery[]>();
  for (const row of rows) {
    const list = byLead.get(row.lead_id) ?? [];
    list.push(channelDelivery(row));
    byLead.set(row.lead_id, list);
  }
  return records.map((record) => storedLead(record, byLead.get(record.id) ?? []));
}
