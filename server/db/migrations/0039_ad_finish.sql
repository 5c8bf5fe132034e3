-- Advertising finish (issue 17, docs/decisions.md "Advertising: spend and rebates").
-- One truth for spend: an account's daily row is what was charged to its balance (`charged`); a row
-- the balance could not pay in full is `capped` (its figures scaled down, never raised again).
ALTER TABLE ad_account_daily_stats ADD COLUMN charged BIGINT NOT NULL DEFAULT 0;
ALTER TABLE ad_account_daily_stats ADD COLUMN capped BOOLEAN NOT NULL DEFAULT FALSE;
-- Facebook's account rows are now the sum of its ads' rows (ad_daily_stats), not the account-level rule.
DELETE FROM ad_account_daily_stats WHERE platform_id = 1;
-- unsettled rows of the charge sweep
CREATE INDEX ad_account_daily_stats_uncharged_idx ON ad_account_daily_stats (ad_account_id, day)
  WHERE NOT capped AND charged < spend;
