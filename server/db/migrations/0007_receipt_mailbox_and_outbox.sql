-- The receipt cap counts a mailbox, not a spelling (server/core/receiptRules.ts mailboxKey): the
-- key of the visitor's address, kept at insert. Leads stored before it get their address in lower
-- case (Gmail's dots and +tags are folded for new leads only).
ALTER TABLE leads ADD COLUMN receipt_mailbox TEXT;
UPDATE leads SET receipt_mailbox = lower(email) WHERE email IS NOT NULL;
CREATE INDEX leads_brand_receipt_mailbox ON leads (brand, receipt_mailbox, received_at);

-- The outbox (server/worker/delivery.ts, cron/outboxSweep.ts): when each channel was decided, when
-- it was last put on the queue (NULL: never), and when the queue should next hand it to the
-- consumer; a pending row past that is swept back onto the queue.
ALTER TABLE lead_deliveries ADD COLUMN decided_at TEXT;
ALTER TABLE lead_deliveries ADD COLUMN queued_at TEXT;
ALTER TABLE lead_deliveries ADD COLUMN retry_at TEXT;
-- Rows from before were queued when decided, as far as can be known: due from now on.
UPDATE lead_deliveries
SET queued_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), retry_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE state = 'pending';
CREATE INDEX lead_deliveries_state_retry ON lead_deliveries (state, retry_at);
