-- Post statistics and social sign-in (issue 16 items 2 and 4, docs/decisions.md "Post statistics and
-- social sign-in").
-- A published post's metrics as the platform answered them at one pull (spec 001 names → numbers).
CREATE TABLE social_post_metric_snapshots (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  -- social_posts.id
  post_id BIGINT NOT NULL,
  profile_id TEXT NOT NULL,
  platform_type INTEGER NOT NULL,
  platform_post_id TEXT NOT NULL,
  metrics JSONB NOT NULL,
  taken_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX social_post_metric_snapshots_post_idx ON social_post_metric_snapshots (user_id, post_id, profile_id, taken_at);
-- A profile's chart metrics for one day (UTC), as last pulled.
CREATE TABLE social_profile_daily_metrics (
  user_id BIGINT NOT NULL,
  profile_id TEXT NOT NULL,
  day DATE NOT NULL,
  follows INTEGER NOT NULL,
  daily_follows INTEGER NOT NULL,
  impressions INTEGER NOT NULL,
  reaches INTEGER NOT NULL,
  engagements INTEGER NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (profile_id, day)
);
CREATE INDEX social_profile_daily_metrics_user_idx ON social_profile_daily_metrics (user_id, day);
-- Social sign-in: a state of GetSocialMediaAuthUrl with Purpose signin has no account yet.
ALTER TABLE social_auth_states ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE social_auth_states ADD COLUMN purpose TEXT NOT NULL DEFAULT 'profile';
-- A platform account that signs in to one Herald account.
CREATE TABLE social_identities (
  id BIGSERIAL PRIMARY KEY,
  platform_type INTEGER NOT NULL,
  platform_user_id TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  UNIQUE (platform_type, platform_user_id)
);
CREATE INDEX social_identities_user_idx ON social_identities (user_id);
-- After LoginBySocialMedia found no linked account: what the platform said, for RegisterBySocialMedia or
-- LoginBindSocialMedia to finish with (single use, 10 minutes).
CREATE TABLE social_signin_tickets (
  ticket TEXT PRIMARY KEY,
  platform_type INTEGER NOT NULL,
  platform_user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);
