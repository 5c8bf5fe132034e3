-- Facebook campaigns, ad sets and ads (issue 17 item 6, docs/decisions.md "Facebook campaigns, ad sets and
-- ads"): one row per object of the three levels, its level's fields as sent to the platform, its status
-- (the lifecycles of src/machines/lifecycles/fb-*.machine.ts), and the daily figures the platform reports
-- per active ad (read by the data report).
CREATE TABLE fb_ad_objects (
  id BIGSERIAL PRIMARY KEY,
  -- the platform's object id (digits)
  object_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  -- ad_accounts.id, and the platform's account id
  ad_account_id BIGINT NOT NULL,
  account_id TEXT NOT NULL,
  -- campaign | adset | ad
  level TEXT NOT NULL,
  -- the ad set's campaign or the ad's ad set (fb_ad_objects.id); NULL for a campaign
  parent_id BIGINT,
  -- the object's campaign (itself for a campaign)
  campaign_id BIGINT,
  name TEXT NOT NULL,
  -- lower(trim(name)): names are unique per account per level among objects not deleted
  name_key TEXT NOT NULL,
  status TEXT NOT NULL,
  -- the level's fields (FbCampaignFields, FbAdSetFields, FbAdFields)
  fields JSONB NOT NULL,
  -- the platform's reason for DISAPPROVED
  review_reason TEXT NOT NULL DEFAULT '',
  -- the caller's IdempotencyKey on the topmost object a create made: a retried create answers the first
  request_key TEXT,
  -- when an ad last became ACTIVE (its daily figures count from that day)
  activated_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX fb_ad_objects_name_key ON fb_ad_objects (ad_account_id, level, name_key) WHERE status <> 'DELETED';
CREATE UNIQUE INDEX fb_ad_objects_request_key ON fb_ad_objects (user_id, request_key);
CREATE INDEX fb_ad_objects_account_idx ON fb_ad_objects (ad_account_id, level, created_at DESC);
CREATE INDEX fb_ad_objects_parent_idx ON fb_ad_objects (parent_id);
CREATE INDEX fb_ad_objects_status_idx ON fb_ad_objects (level, status);

-- One row per ad per day in the ad account's time zone (UTC+8 by default): what the platform reports.
-- spend is in units (10,000 per currency unit, as ad_accounts.balance); ids are the platform's.
CREATE TABLE ad_daily_stats (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  account_id TEXT NOT NULL,
  platform_id INTEGER NOT NULL,
  campaign_id TEXT NOT NULL,
  adset_id TEXT NOT NULL,
  ad_id TEXT NOT NULL,
  day DATE NOT NULL,
  spend BIGINT NOT NULL,
  impressions BIGINT NOT NULL,
  clicks BIGINT NOT NULL,
  conversions BIGINT NOT NULL,
  UNIQUE (ad_id, day)
);
CREATE INDEX ad_daily_stats_user_day_idx ON ad_daily_stats (user_id, day);
CREATE INDEX ad_daily_stats_account_day_idx ON ad_daily_stats (account_id, day);
