-- Each lead's delivery, one row per (lead, channel): the shop's webhook, the shop's notice mail,
-- the visitor's receipt, and any channel added to server/core/leadChannels.ts — a new channel is
-- rows, never columns. Written by server/worker/d1Deliveries.ts (docs/decisions/
-- 008-lead-mail.md).
CREATE TABLE lead_deliveries (
  lead_id TEXT NOT NULL,
  channel TEXT NOT NULL,
  -- pending | sent | dead | skipped | off (server/core/leadChannels.ts, DeliveryState).
  state TEXT NOT NULL,
  sent_at TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- The last failure, or why the lead was skipped.
  last_error TEXT,
  -- When the queue gave up (the message reached the dead-letter queue); cleared on a re-send.
  dead_lettered_at TEXT,
  PRIMARY KEY (lead_id, channel)
);

CREATE INDEX lead_deliveries_channel_state ON lead_deliveries (channel, state);

-- The webhook's state so far, from the leads' own columns, which it replaces.
INSERT INTO lead_deliveries (lead_id, channel, state, sent_at, dead_lettered_at)
SELECT
  id,
  'webhook',
  CASE
    WHEN delivered_at IS NOT NULL THEN 'sent'
    WHEN suspected_spam = 1 THEN 'skipped'
    WHEN dead_lettered_at IS NOT NULL THEN 'dead'
    ELSE 'pending'
  END,
  delivered_at,
  dead_lettered_at
FROM leads;

UPDATE lead_deliveries SET last_error = 'スパム疑い' WHERE state = 'skipped';

ALTER TABLE leads DROP COLUMN delivered_at;
ALTER TABLE leads DROP COLUMN dead_lettered_at;

-- When each brand's last dead-letter alert mail went out (at most one an hour).
CREATE TABLE delivery_alerts (
  brand TEXT PRIMARY KEY,
  sent_at TEXT NOT NULL
);
