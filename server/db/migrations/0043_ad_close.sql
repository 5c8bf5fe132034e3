-- Advertising: closing issue 17 (docs/decisions.md "Advertising: closing issue 17").
-- Per-platform account statuses (spec 001 §4: TikTok 1 Normal, 2 Deactivate, 3 Forbidden, 4 Disabled;
-- Snapchat 1 Normal, 2 Unavailable; Huawei 1 Normal, 2 Invalid) are the platform's word, stored as the
-- platform reports it; NULL for a platform without its own statuses.
ALTER TABLE ad_accounts ADD COLUMN platform_status SMALLINT;
-- accounts opened before: their platform had reported nothing but serving them
UPDATE ad_accounts SET platform_status = 1 WHERE platform_id IN (3, 5, 8);
