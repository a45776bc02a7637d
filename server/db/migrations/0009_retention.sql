-- The retention period (server/core/retention.ts, server/worker/cron/retention.ts): when a lead's
-- personal fields were erased, past the period the privacy policy states; NULL while kept. The
-- partial index finds the next leads to erase, oldest first, without reading the erased ones.
ALTER TABLE leads ADD COLUMN erased_at TEXT;
CREATE INDEX leads_brand_unerased ON leads (brand, received_at) WHERE erased_at IS NULL;
-- The staff audit's searches (a phone, a reading) not yet erased: the same job erases their words.
CREATE INDEX staff_audit_searches ON staff_audit (brand, at)
WHERE action = 'list' AND instr(target, '検索「') > 0;
