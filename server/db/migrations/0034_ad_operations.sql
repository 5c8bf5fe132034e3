-- Ad operations, authorisation and the data report (issue 17 items 5 and 7, docs/decisions.md "Ad
-- operations and data report"). Amounts are units (10,000 per currency unit).
CREATE TABLE ad_operations (
  id BIGSERIAL PRIMARY KEY,
  operation_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  ad_account_id BIGINT NOT NULL,
  platform_id INTEGER NOT NULL,
  -- BM_BINDING, PIXEL_BINDING, MCC_BINDING, BIND_USERS, REFUND, CLEAR
  action TEXT NOT NULL,
  -- 0 Binding, 1 Unbinding; -1 for actions without one
  binding_type INTEGER NOT NULL DEFAULT -1,
  -- the BM, pixel or MCC id, or the users' e-mails joined by ", "
  target TEXT NOT NULL DEFAULT '',
  -- a refund's amount; a clear's amount once the platform has answered
  amount BIGINT NOT NULL DEFAULT 0,
  -- AD_OPERATION_STATUS: 0 pending, 1 success, 2 failed
  status INTEGER NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  request_key TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  finished_at TIMESTAMPTZ,
  UNIQUE (user_id, request_key)
);
CREATE INDEX ad_operations_user_idx ON ad_operations (user_id, created_at DESC);
-- at most one refund or clear of an account waits for the platform at a time
CREATE UNIQUE INDEX ad_operations_money_pending_idx ON ad_operations (ad_account_id)
  WHERE status = 0 AND action IN ('REFUND', 'CLEAR');
CREATE TABLE ad_authorizations (
  id BIGSERIAL PRIMARY KEY,
  authorization_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  platform_id INTEGER NOT NULL,
  -- AD_AUTHORIZATION_STATUS: 0 pending, 1 authorised, 2 denied, 3 revoked
  status INTEGER NOT NULL,
  -- Herald's OAuth state for the consent page: single use
  state TEXT NOT NULL UNIQUE,
  business_id TEXT NOT NULL DEFAULT '',
  business_name TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX ad_authorizations_user_idx ON ad_authorizations (user_id, created_at DESC);
-- the authorisation that bound an account (NULL: opened through an application)
ALTER TABLE ad_accounts ADD COLUMN authorization_id BIGINT;
-- The platform's daily figures per account (the sandbox fills them by a deterministic rule).
CREATE TABLE ad_account_daily_stats (
  ad_account_id BIGINT NOT NULL,
  user_id BIGINT NOT NULL,
  platform_id INTEGER NOT NULL,
  day DATE NOT NULL,
  spend BIGINT NOT NULL,
  impressions BIGINT NOT NULL,
  clicks BIGINT NOT NULL,
  conversions BIGINT NOT NULL,
  PRIMARY KEY (ad_account_id, day)
);
-- the report's range scan: one tenant's days, then platform and account
CREATE INDEX ad_account_daily_stats_user_day_idx ON ad_account_daily_stats (user_id, day, platform_id, ad_account_id);
