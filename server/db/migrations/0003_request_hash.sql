-- The fingerprint of the body sent under a lead's Idempotency-Key (server/core/contentHash.ts
-- requestFingerprint): the same key with another body is answered 422, not with this lead's id.
-- NULL for leads stored before it was kept; any body replays those.
ALTER TABLE leads ADD COLUMN request_hash TEXT;
