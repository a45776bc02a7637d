-- The retention period (server/core/retention.ts, server/worker/cron/retention.ts): when a lead's
-- personal fields were erased, past the period the privacy policy states; NULL while kept. The
-- partial index finds the next leads to erase, oldest first, without reading the erased ones.
ALTER TABLE leads ADD COLUMN erased_at TEXT;
CREATE INDEX leads_brand_unerased ON leads (brand, received_at) WHERE erased_at IS NULL;
