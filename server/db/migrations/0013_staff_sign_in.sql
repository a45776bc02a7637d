-- Sessions ended by ログアウト (server/staff/auth.ts): a copied cookie of one is refused until it
-- would have expired, when its row is swept. Failed sign-ins and Bearer tries are counted per
-- client in rate_limit_hits (0002) under their own key.
CREATE TABLE staff_sessions_ended (
  session_id TEXT PRIMARY KEY,
  -- Milliseconds since the epoch: the session's own expiry.
  expires_at INTEGER NOT NULL
);
CREATE INDEX staff_sessions_ended_expires_at ON staff_sessions_ended (expires_at);
