-- One brand's estimate requests (leads), one row per (brand, Idempotency-Key). Written by
-- server/worker/d1LeadStore.ts; the whole validated request is kept in request_json, and the
-- columns staff sort and call by are copied out of it.
CREATE TABLE leads (
  id TEXT PRIMARY KEY,
  brand TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  received_at TEXT NOT NULL,
  entry_point TEXT,
  last_name TEXT,
  first_name TEXT,
  last_name_kana TEXT,
  first_name_kana TEXT,
  phone TEXT,
  email TEXT,
  maker TEXT,
  model TEXT,
  expiry TEXT,
  postal_code TEXT,
  preferred_date1 TEXT,
  preferred_date2 TEXT,
  quote_vehicle_class TEXT,
  quote_rough_total INTEGER,
  lp_entry_url TEXT,
  estimate_generated_url TEXT,
  -- Attribution: one column per field of the tracking cookie (src/tracking/trackingFields.ts;
  -- source … inquiry_content are utm_source … utm_content, gaid is gclid).
  source TEXT,
  inquiry_medium TEXT,
  campaign TEXT,
  term TEXT,
  inquiry_content TEXT,
  gaid TEXT,
  yclid TEXT,
  wbraid TEXT,
  gbraid TEXT,
  fbclid TEXT,
  msclkid TEXT,
  ldtag_cl TEXT,
  suspected_spam INTEGER NOT NULL DEFAULT 0,
  -- When the brand's webhook answered 2xx; NULL while undelivered.
  delivered_at TEXT,
  -- When the queue gave up (the message reached the dead-letter queue); cleared on a re-send.
  dead_lettered_at TEXT,
  request_json TEXT NOT NULL
);

CREATE UNIQUE INDEX leads_brand_idempotency_key ON leads (brand, idempotency_key);
CREATE INDEX leads_brand_content_hash ON leads (brand, content_hash, received_at);
CREATE INDEX leads_brand_received_at ON leads (brand, received_at);
