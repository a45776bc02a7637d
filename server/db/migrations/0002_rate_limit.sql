-- The new-lead rate limit's counter (server/worker/rateLimiter.ts): one row per new lead a
-- client (rate_limit_key: an IPv4 address or an IPv6 /64) sent, kept as long as the window
-- (10 minutes) and swept after. The Workers rate-limiting binding counts only per 10 or 60 s,
-- too short for the policy (server/core/rateLimitPolicy.ts).
CREATE TABLE rate_limit_hits (
  client_key TEXT NOT NULL,
  -- Milliseconds since the epoch.
  at INTEGER NOT NULL
);

CREATE INDEX rate_limit_hits_key_at ON rate_limit_hits (client_key, at);
CREATE INDEX rate_limit_hits_at ON rate_limit_hits (at);
