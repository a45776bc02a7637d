-- Where each lead stands in the shop's work (server/core/leadStages.ts): the lead's current stage
-- copied onto its row for the inbox and the funnel, the full history in lead_stages (a correction
-- is one more row; nothing is overwritten) and who read or changed what in staff_audit. Written
-- by server/worker/d1Staff.ts.
ALTER TABLE leads ADD COLUMN stage TEXT NOT NULL DEFAULT 'new';
ALTER TABLE leads ADD COLUMN stage_changed_at TEXT;
-- The furthest step of 連絡済み (1) → 予約確定 (2) → 完了 (3) the lead stands on; a 失注 or 対象外
-- keeps the step it was lost at, so the funnel counts how far it went.
ALTER TABLE leads ADD COLUMN progress INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leads ADD COLUMN booked_for TEXT;
ALTER TABLE leads ADD COLUMN shop TEXT;
ALTER TABLE leads ADD COLUMN amount INTEGER;
-- When ops were alerted that the lead was still 新規 (server/worker/cron/newLeadAlert.ts).
ALTER TABLE leads ADD COLUMN stale_alerted_at TEXT;
-- The reading (last then first name, katakana, no space), searched by prefix.
ALTER TABLE leads ADD COLUMN kana TEXT;
UPDATE leads SET kana = COALESCE(last_name_kana, '') || COALESCE(first_name_kana, '');

CREATE TABLE lead_stages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id TEXT NOT NULL,
  -- contacted | booked | completed | lost | excluded (new is where every lead starts).
  stage TEXT NOT NULL,
  at TEXT NOT NULL,
  -- The Access email, the service token's common name, or the name given at the local sign-in.
  actor TEXT NOT NULL,
  booked_for TEXT,
  shop TEXT,
  -- Yen, tax included.
  amount INTEGER,
  reason TEXT,
  progress INTEGER NOT NULL,
  idempotency_key TEXT,
  request_hash TEXT
);

CREATE INDEX lead_stages_lead ON lead_stages (lead_id, seq);
CREATE UNIQUE INDEX lead_stages_key ON lead_stages (lead_id, idempotency_key);

CREATE TABLE staff_audit (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  brand TEXT NOT NULL,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  -- view | list | export | stage | create | funnel
  action TEXT NOT NULL,
  -- The lead's id, or what was listed or exported (a range, a search).
  target TEXT NOT NULL
);

CREATE INDEX staff_audit_brand_seq ON staff_audit (brand, seq);

-- The inbox: the brand's leads newest first (leads_brand_received_at, 0001), by stage; the exact
-- searches by phone (受付番号 is the primary key) and the reading's prefix. The funnel reads
-- leads_brand_received_at_funnel alone (covering), never the rows.
CREATE INDEX leads_brand_stage_received_at ON leads (brand, stage, received_at);
CREATE INDEX leads_brand_phone ON leads (brand, phone, received_at);
CREATE INDEX leads_brand_kana ON leads (brand, kana);
CREATE INDEX leads_brand_received_at_funnel ON leads (
  brand, received_at, stage, progress, amount, source, inquiry_medium, campaign,
  gaid, gbraid, wbraid, fbclid, yclid, ldtag_cl, msclkid
);
