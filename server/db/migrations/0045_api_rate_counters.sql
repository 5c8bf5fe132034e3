-- The general /api limit's counters on PostgreSQL (issue 19 items 6 and 8, docs/decisions.md "Rate limits"):
-- rate-limiter-flexible's own PostgreSQL store, in the table shape it reads and writes. Its statements are
-- prepared once per connection, where the Drizzle store built each one per request.
CREATE TABLE api_rate_counters (
  key VARCHAR(255) PRIMARY KEY,
  points INTEGER NOT NULL DEFAULT 0,
  expire BIGINT
);
CREATE INDEX api_rate_counters_expire_idx ON api_rate_counters (expire);
