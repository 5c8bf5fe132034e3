-- Issue 19: the gateway's rate limits (rate-limiter-flexible's Drizzle store) and the nonces of signed
-- access-key requests (a nonce is refused a second time within the timestamp's validity window).
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  points INTEGER NOT NULL,
  expire TIMESTAMPTZ
);
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);

CREATE TABLE access_key_nonces (
  access_key_id TEXT NOT NULL,
  nonce TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (access_key_id, nonce)
);
CREATE INDEX access_key_nonces_expires_idx ON access_key_nonces (expires_at);
