-- Advertising (issue 17 items 1-4, docs/decisions.md "Advertising"): opening applications reviewed by the
-- ad platform, the ad accounts it opens, recharges from the 6026 ad sub-wallet that arrive after the
-- platform's delay. Amounts are units (10,000 per currency unit).
CREATE TABLE ad_applications (
  id BIGSERIAL PRIMARY KEY,
  application_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  platform_id INTEGER NOT NULL,
  -- AD_OPENING_STATUS: 3 pending review, 0 pending opening, 1 opened, 2 failed
  status INTEGER NOT NULL,
  account_name TEXT NOT NULL,
  company_name TEXT NOT NULL,
  promotion_link TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  currency TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  -- every other field of the form as sent (spec 001 §5), for the platform and for support
  fields JSONB NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  reviewed_at TIMESTAMPTZ
);
CREATE INDEX ad_applications_user_idx ON ad_applications (user_id, created_at DESC);
CREATE TABLE ad_accounts (
  id BIGSERIAL PRIMARY KEY,
  -- the platform's account id
  account_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  platform_id INTEGER NOT NULL,
  application_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  company_name TEXT NOT NULL,
  -- AD_ACCOUNT_STATUS 1-9
  status INTEGER NOT NULL,
  currency TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  balance BIGINT NOT NULL DEFAULT 0,
  consumption BIGINT NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX ad_accounts_user_idx ON ad_accounts (user_id, platform_id, status);
CREATE TABLE ad_recharges (
  id BIGSERIAL PRIMARY KEY,
  recharge_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  ad_account_id BIGINT NOT NULL,
  amount BIGINT NOT NULL,
  -- AD_RECHARGE_STATUS: 0 pending, 1 agent success, 2 agent failed (refunded to 6026)
  status INTEGER NOT NULL,
  -- the caller's IdempotencyKey: a retried request returns the first recharge
  request_key TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  arrived_at TIMESTAMPTZ,
  UNIQUE (user_id, request_key)
);
CREATE INDEX ad_recharges_account_idx ON ad_recharges (ad_account_id, created_at DESC);
