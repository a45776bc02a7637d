-- What an ad platform reported later about a conversion it accepted (docs/decisions/
-- 018-platform-reports-by-queue-delay.md): the platform's id for the request (Google's
-- requestId), the report (waiting | accepted | partial | failed | unknown | test) and when it came.
-- The reason of a partial or failed report is kept in last_error, for staff.
ALTER TABLE lead_deliveries ADD COLUMN receipt TEXT;
ALTER TABLE lead_deliveries ADD COLUMN report TEXT;
ALTER TABLE lead_deliveries ADD COLUMN reported_at TEXT;
