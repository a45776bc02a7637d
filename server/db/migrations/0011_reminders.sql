-- Reminders before the booked day and the 次回車検のご案内 (server/reminders/). Each reminder is
-- a delivery channel; these columns keep which booking it went for, so a move gets its own and
-- nothing goes twice.
ALTER TABLE leads ADD COLUMN reminded_3_days_for TEXT;
ALTER TABLE leads ADD COLUMN reminded_1_day_for TEXT;
-- The reminders' due bookings: 予約確定 by date (the stage's booked_for).
CREATE INDEX leads_brand_stage_booked_for ON leads (brand, stage, booked_for);

-- At 完了, the next 車検満了日 (YYYY-MM-DD), on the stage's row and the lead's.
ALTER TABLE lead_stages ADD COLUMN next_expiry TEXT;
ALTER TABLE leads ADD COLUMN next_expiry TEXT;
-- The visitor's optional consent to the 案内: when, under which wording; the unsubscribe's token
-- and time (RFC 8058); when each 案内 went.
ALTER TABLE leads ADD COLUMN guide_consent_at TEXT;
ALTER TABLE leads ADD COLUMN guide_consent_version TEXT;
ALTER TABLE leads ADD COLUMN guide_token TEXT;
ALTER TABLE leads ADD COLUMN unsubscribed_at TEXT;
ALTER TABLE leads ADD COLUMN guided_60_at TEXT;
ALTER TABLE leads ADD COLUMN guided_30_at TEXT;
CREATE UNIQUE INDEX leads_guide_token ON leads (guide_token) WHERE guide_token IS NOT NULL;
-- The 案内 due: consenting, not unsubscribed, by the next 満了日.
CREATE INDEX leads_brand_next_expiry ON leads (brand, next_expiry)
  WHERE next_expiry IS NOT NULL AND guide_consent_at IS NOT NULL AND unsubscribed_at IS NULL;
