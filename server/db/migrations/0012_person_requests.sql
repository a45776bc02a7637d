-- A person's requests (APPI arts. 33–35, server/staff/people.ts): when the lead's consent to the
-- provision to the ad platforms was withdrawn (NULL: never), after which nothing of it is sent
-- to a platform; and why its personal fields were erased: 'retention' (past the period the
-- privacy policy states) or 'request' (the person asked). The disclosure finds a person's leads
-- by mailbox (leads_brand_receipt_mailbox, 0007) or phone (leads_brand_phone, 0006).
ALTER TABLE leads ADD COLUMN ad_consent_withdrawn_at TEXT;
ALTER TABLE leads ADD COLUMN erased_reason TEXT;
UPDATE leads SET erased_reason = 'retention' WHERE erased_at IS NOT NULL;

-- The .ics SEQUENCE (booking_sequence, migration 0010) of a lead from before: how many bookings it
-- has had, so its next change outranks the one before, however quickly it follows.
UPDATE leads SET booking_sequence =
  (SELECT COUNT(*) FROM lead_stages s WHERE s.lead_id = leads.id AND s.stage = 'booked');
