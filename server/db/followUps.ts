// The reminders' and 案内's columns of a lead's row (migration 0011), read with every lead.
import type { FollowUps } from '../leads/store';

export type FollowUpColumns = {
  reminded_3_days_for: string | null;
  reminded_1_day_for: string | null;
  next_expiry: string | null;
  guide_consent_at: string | null;
  guide_token: string | null;
  unsubscribed_at: string | null;
  guided_60_at: string | null;
  guided_30_at: string | null;
};

export const followUpColumnNames =
  'reminded_3_days_for, reminded_1_day_for, next_expiry, guide_consent_at, guide_token, ' +
  'unsubscribed_at, guided_60_at, guided_30_at';

export function followUpsOf(record: FollowUpColumns): FollowUps {
  return {
    reminded3DaysFor: record.reminded_3_days_for,
    reminded1DayFor: record.reminded_1_day_for,
    nextExpiry: record.next_expiry,
    guideConsentAt: record.guide_consent_at,
    guideToken: record.guide_token,
    unsubscribedAt: record.unsubscribed_at,
    guided60At: record.guided_60_at,
    guided30At: record.guided_30_at,
  };
}
