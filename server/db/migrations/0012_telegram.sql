-- Telegram in the Marketing hub (issue 15 item 6, docs/decisions.md "Telegram"): one bot per account,
-- the groups it has seen (verified ones count against the trial's 5), posts and each post's result per group.
CREATE TABLE tg_bots (
  user_id BIGINT PRIMARY KEY,
  bot_id TEXT NOT NULL,
  username TEXT NOT NULL,
  first_name TEXT NOT NULL,
  -- the Bot API token: sent to the Bot API only, never answered (TokenHint is its id and last 4 characters)
  token TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE tg_groups (
  user_id BIGINT NOT NULL,
  chat_id TEXT NOT NULL,
  title TEXT NOT NULL,
  type TEXT NOT NULL,
  verified_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, chat_id)
);
CREATE TABLE tg_posts (
  id BIGSERIAL PRIMARY KEY,
  post_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  -- TG_POST_STATUS: 0 draft, 1 submitted, 2 sending, 3 completed, 9 deleted (4 is read as draft)
  status INTEGER NOT NULL,
  text TEXT NOT NULL,
  image_file_id TEXT NOT NULL DEFAULT '',
  send_time TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX tg_posts_user_idx ON tg_posts (user_id, status, created_at DESC);
CREATE TABLE tg_post_groups (
  post_id BIGINT NOT NULL,
  chat_id TEXT NOT NULL,
  title TEXT NOT NULL,
  -- pending, sending (claimed by the send job: never posted again), sent, failed
  result TEXT NOT NULL DEFAULT 'pending',
  message_id BIGINT,
  error TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (post_id, chat_id)
);
