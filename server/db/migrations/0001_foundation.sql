CREATE TABLE users (
  id BIGSERIAL PRIMARY KEY,
  email TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  cn_name TEXT NOT NULL DEFAULT '',
  en_name TEXT NOT NULL DEFAULT '',
  timezone TEXT NOT NULL DEFAULT 'UTC',
  register_ip TEXT NOT NULL DEFAULT '',
  type INTEGER NOT NULL DEFAULT 1,
  upgraded BOOLEAN NOT NULL DEFAULT FALSE,
  administrator BOOLEAN NOT NULL DEFAULT TRUE,
  extra_permissions TEXT[] NOT NULL DEFAULT '{}',
  activated_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE sessions (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  family_id TEXT NOT NULL,
  access_hash TEXT NOT NULL,
  refresh_hash TEXT NOT NULL,
  access_expires_at TIMESTAMPTZ NOT NULL,
  refresh_expires_at TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  rotated_at TIMESTAMPTZ,
  revoked_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX sessions_access_key ON sessions (access_hash);
CREATE UNIQUE INDEX sessions_refresh_key ON sessions (refresh_hash);
CREATE INDEX sessions_family_idx ON sessions (family_id);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE phone_codes (
  id BIGSERIAL PRIMARY KEY,
  phone TEXT NOT NULL,
  country TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  sent_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ,
  attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX phone_codes_phone_idx ON phone_codes (phone, country);

CREATE TABLE email_keys (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  purpose TEXT NOT NULL,
  key_hash TEXT NOT NULL,
  sent_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX email_keys_hash_key ON email_keys (key_hash);
CREATE INDEX email_keys_user_idx ON email_keys (user_id, purpose);

CREATE TABLE login_failures (
  id BIGSERIAL PRIMARY KEY,
  email TEXT NOT NULL,
  ip TEXT NOT NULL,
  at TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_failures_email_idx ON login_failures (email, at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip, at);

CREATE TABLE outbox (
  id BIGSERIAL PRIMARY KEY,
  channel TEXT NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX outbox_created_idx ON outbox (created_at);

CREATE TABLE wallets (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  product_type INTEGER NOT NULL,
  currency TEXT NOT NULL DEFAULT 'usd',
  amount BIGINT NOT NULL DEFAULT 0,
  amount_free BIGINT NOT NULL DEFAULT 0,
  amount_credit BIGINT NOT NULL DEFAULT 0,
  amount_freeze BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX wallets_user_product_key ON wallets (user_id, product_type);

CREATE TABLE ledger (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  wallet_id BIGINT NOT NULL,
  bill_type TEXT NOT NULL,
  amount BIGINT NOT NULL,
  balance_after BIGINT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  unique_key TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX ledger_unique_key ON ledger (user_id, unique_key);
CREATE INDEX ledger_user_idx ON ledger (user_id, created_at);

CREATE TABLE subscription_packages (
  subscription_no TEXT PRIMARY KEY,
  sort_order INTEGER NOT NULL,
  cn_name TEXT NOT NULL,
  en_name TEXT NOT NULL,
  free BOOLEAN NOT NULL DEFAULT FALSE,
  prices JSONB NOT NULL,
  mod_whitelist TEXT[] NOT NULL,
  limits JSONB NOT NULL
);

CREATE TABLE subscription_records (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  subscription_no TEXT NOT NULL,
  status INTEGER NOT NULL,
  period INTEGER NOT NULL,
  period_unit TEXT NOT NULL,
  cost_amount BIGINT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  ends_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX subscription_records_user_idx ON subscription_records (user_id, created_at);

CREATE TABLE tickets (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  category INTEGER NOT NULL,
  status TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  unread_reply_at TIMESTAMPTZ
);
CREATE INDEX tickets_user_idx ON tickets (user_id, created_at);
