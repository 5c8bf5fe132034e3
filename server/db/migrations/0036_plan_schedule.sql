-- A marketing plan's start (issue 14 item 4, the plan list's "Schedule"; docs/decisions.md "Plans on the
-- calendar"): when its day 0 is, so its steps show on the marketing calendar (type 5). NULL: not scheduled.
ALTER TABLE mkt_plans ADD COLUMN start_at timestamptz;
CREATE INDEX mkt_plans_start_idx ON mkt_plans (user_id, start_at) WHERE start_at IS NOT NULL;
