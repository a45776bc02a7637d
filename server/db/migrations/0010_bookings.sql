-- Online bookings (server/booking/): a lead holds at most one slot, kept on its own row so the
-- hold is stored in the same statement as the lead (server/db/leads.ts insertStatement) and a
-- slot's count reads one index. booking_state: held (仮予約) | confirmed (予約確定) | cancelled.
ALTER TABLE leads ADD COLUMN booking_shop TEXT;
-- The slot's start as the API lists it (2026-12-05T10:30:00+09:00): one offset, so text order is
-- time order.
ALTER TABLE leads ADD COLUMN booking_start TEXT;
ALTER TABLE leads ADD COLUMN booking_state TEXT;
-- The .ics SEQUENCE: one more on every change of the booking, by the visitor or by staff.
ALTER TABLE leads ADD COLUMN booking_sequence INTEGER NOT NULL DEFAULT 0;
-- The manage link's token (256 random bits): the link is mailed from the queue, so it is kept.
ALTER TABLE leads ADD COLUMN booking_token TEXT;
ALTER TABLE leads ADD COLUMN booking_changed_at TEXT;

-- Availability and the hold count a slot's live bookings from this index alone (covering; id: a
-- move never counts the lead itself).
CREATE INDEX leads_brand_booking ON leads (brand, booking_shop, booking_start, booking_state, id);
CREATE UNIQUE INDEX leads_booking_token ON leads (booking_token) WHERE booking_token IS NOT NULL;
-- 仮予約 not confirmed in time join the 新規 alert (server/jobs/newLeadAlert.ts).
CREATE INDEX leads_brand_booking_held ON leads (brand, booking_state, received_at)
  WHERE booking_state = 'held';

-- Slots or whole days staff closed (start '' closes the day), per shop.
CREATE TABLE slot_closures (
  brand TEXT NOT NULL,
  shop TEXT NOT NULL,
  day TEXT NOT NULL,
  start TEXT NOT NULL DEFAULT '',
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  PRIMARY KEY (brand, shop, day, start)
);
