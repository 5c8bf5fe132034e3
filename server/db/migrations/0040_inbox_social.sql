-- Social messages in the inbox (issue 15 item 7, docs/decisions.md "Social messages in the inbox").
-- The sandbox X and YouTube keep the comments they answer to Herald's poll (their real APIs have no
-- comment webhook, so Herald reads them): one row per comment, by the platform and the account it is on.
CREATE TABLE sandbox_social_comments (
  id BIGSERIAL PRIMARY KEY,
  platform_type INTEGER NOT NULL,
  account_id TEXT NOT NULL,
  comment_id TEXT NOT NULL UNIQUE,
  post_id TEXT NOT NULL,
  author_id TEXT NOT NULL,
  author_name TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sandbox_social_comments_account_idx ON sandbox_social_comments (platform_type, account_id, created_at);
