-- Social profiles and posts (issue 16 items 1 and 3, docs/decisions.md "Social profiles and posts").
-- A connect's state value: made by GetSocialMediaAuthUrl, used once by ConnectSocialProfile.
CREATE TABLE social_auth_states (
  state TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  platform_type INTEGER NOT NULL,
  -- the profile being reconnected, or NULL for a new one
  profile_id TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);
CREATE INDEX social_auth_states_user_idx ON social_auth_states (user_id, created_at);
CREATE TABLE social_profiles (
  id BIGSERIAL PRIMARY KEY,
  profile_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  platform_type INTEGER NOT NULL,
  -- the platform's own account id: one profile per platform account in an account
  account_id TEXT NOT NULL,
  name TEXT NOT NULL,
  username TEXT NOT NULL,
  -- the platform's access token: sent to the platform only, never answered
  access_token TEXT NOT NULL,
  -- SOCIAL_PROFILE_STATUS: 1 connected, 2 error
  status INTEGER NOT NULL,
  error TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  checked_at TIMESTAMPTZ NOT NULL,
  UNIQUE (user_id, platform_type, account_id)
);
CREATE TABLE social_posts (
  id BIGSERIAL PRIMARY KEY,
  post_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  -- SOCIAL_POST_STATUS: 1 success, 2 failed, 3 draft, 4 scheduled, 5 canceled, 6 submitted
  status INTEGER NOT NULL,
  text TEXT NOT NULL,
  media_file_ids TEXT[] NOT NULL DEFAULT '{}',
  youtube_title TEXT NOT NULL DEFAULT '',
  -- TikTok's title, privacy level, duet, stitch, comment and branded-content choices
  tiktok JSONB NOT NULL DEFAULT '{}',
  send_time TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX social_posts_user_idx ON social_posts (user_id, status, created_at DESC);
CREATE TABLE social_post_targets (
  post_id BIGINT NOT NULL,
  profile_id TEXT NOT NULL,
  platform_type INTEGER NOT NULL,
  name TEXT NOT NULL,
  -- pending, publishing (claimed by the publish job: never posted again), published, failed
  result TEXT NOT NULL DEFAULT 'pending',
  platform_post_id TEXT NOT NULL DEFAULT '',
  reason TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (post_id, profile_id)
);
