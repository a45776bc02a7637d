/** A lead as its D1 row: the staff's columns made from the validated request, the rest as JSON. */
import { guideConsentVersion } from '../../src/estimate/contract/guideConsent';
import { exportColumns, type ExportColumnKey } from '../../src/estimate/contract/exportColumns';
import { field, fieldPaths } from '../../src/estimate/contract/fieldTable';
import { trackingKeys } from '../../src/tracking/trackingFields';
import { mailboxKey } from '../delivery/receiptRules';
import type { StoredLead } from '../leads/store';
import { columnText, fieldText, leadKana } from '../leads/values';

export type Cell = string | number | null;

const cell = (text: string): string | null => (text === '' ? null : text);

export function leadRow(lead: StoredLead): Record<string, Cell> {
  const { request } = lead;
  const row: Record<string, Cell> = {
    id: lead.id,
    brand: lead.brand,
    idempotency_key: lead.idempotencyKey,
    content_hash: lead.contentHash,
    request_hash: lead.requestHash,
    received_at: lead.receivedAt,
    entry_point: request.entryPoint,
    quote_vehicle_class: request.quote?.vehicleClass ?? null,
    quote_rough_total: request.quote?.roughTotal ?? null,
    suspected_spam: lead.suspectedSpam ? 1 : 0,
    request_json: JSON.stringify(request),
    matching_json: lead.matching ? JSON.stringify(lead.matching) : null,
    receipt_mailbox: cell(mailboxKey(request.customer.email)),
    erased_at: lead.erasedAt ?? null,
    // The 案内's consent: when and under which wording (src/content/guideConsent.ts).
    guide_consent_at: request.reminderConsent ? lead.receivedAt : null,
    guide_consent_version: request.reminderConsent ? guideConsentVersion : null,
    booking_shop: lead.booking?.shop ?? null,
    booking_start: lead.booking?.start ?? null,
    booking_state: lead.booking?.state ?? null,
    booking_sequence: lead.booking?.sequence ?? 0,
    booking_token: lead.booking?.token ?? null,
    booking_changed_at: lead.booking?.changedAt ?? null,
    erased_reason: lead.erasedReason ?? null,
    ad_consent_withdrawn_at: lead.adConsentWithdrawnAt ?? null,
  };
  for (const path of fieldPaths) {
    const { stored } = field(path);
    if (stored) row[stored] = cell(fieldText(request, path));
  }
  for (const [key, column] of Object.entries(exportColumns)) {
    if ('stored' in column) row[column.stored] = cell(columnText(request, key as ExportColumnKey));
  }
  for (const key of trackingKeys) row[key] = request.tracking[key] || null;
  row.kana = leadKana(request);
  return row;
}
