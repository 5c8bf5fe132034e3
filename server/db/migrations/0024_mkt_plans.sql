-- Marketing plans (issue 14 item 4, docs/decisions.md "Marketing plans"): the settings, the brief and the
-- strategy generated from it (goal, audience, steps), and the workflow applying made.
CREATE TABLE mkt_plans (
  id BIGSERIAL PRIMARY KEY,
  plan_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  -- 1 acquisition, 2 activation
  aim INTEGER NOT NULL,
  industry TEXT NOT NULL,
  product_category TEXT NOT NULL,
  type TEXT NOT NULL,
  tone TEXT NOT NULL,
  channels JSONB NOT NULL,
  -- MKT_PLAN_STATUS: 1 draft, 2 submitted, 3 applied, 9 deleted
  status INTEGER NOT NULL,
  brief TEXT NOT NULL DEFAULT '',
  content JSONB,
  -- the workflow applying made ('' before)
  seq_id TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX mkt_plans_user_idx ON mkt_plans (user_id, status, updated_at DESC);
-- plan names are unique per account, whatever their case, among plans not deleted (spec 001 §5)
CREATE UNIQUE INDEX mkt_plans_name_key ON mkt_plans (user_id, lower(name)) WHERE status <> 9;
