-- The smart inbox (issue 15 item 7, docs/decisions.md "Smart inbox"): messages that arrive on the
-- account's platforms (Telegram groups today; WhatsApp and the social platforms as they land), their
-- lifecycle status, and the replies sent from Herald.
CREATE TABLE inbox_messages (
  id BIGSERIAL PRIMARY KEY,
  message_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  -- spec 001 §3 platform type: 7 Telegram, …; and the message type code: 71 group message, 70 message, …
  platform_type INTEGER NOT NULL,
  type_code INTEGER NOT NULL,
  -- the platform's own id of the message (Telegram: chat id and message id): arrives once
  external_id TEXT NOT NULL,
  chat_id TEXT NOT NULL,
  chat_title TEXT NOT NULL,
  sender_name TEXT NOT NULL,
  text TEXT NOT NULL,
  -- INBOX_STATUS: 1 unread, 2 reviewed, 3 replied, 4 archived
  status INTEGER NOT NULL,
  favorited BOOLEAN NOT NULL DEFAULT FALSE,
  received_at TIMESTAMPTZ NOT NULL,
  replied_at TIMESTAMPTZ,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX inbox_messages_external_key ON inbox_messages (user_id, platform_type, external_id);
CREATE INDEX inbox_messages_user_idx ON inbox_messages (user_id, received_at DESC);
CREATE INDEX inbox_messages_unread_idx ON inbox_messages (user_id) WHERE status = 1;

CREATE TABLE inbox_replies (
  id BIGSERIAL PRIMARY KEY,
  message_id BIGINT NOT NULL REFERENCES inbox_messages (id),
  user_id BIGINT NOT NULL,
  -- the console's idempotency key: a retried reply is sent once
  request_key TEXT NOT NULL,
  text TEXT NOT NULL,
  -- 'sending', 'sent' or 'failed'
  result TEXT NOT NULL,
  external_id TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX inbox_replies_key ON inbox_replies (user_id, request_key);
CREATE INDEX inbox_replies_message_idx ON inbox_replies (message_id, created_at);

-- where the inbox poll of the account's bot has read to (the Bot API's getUpdates offset)
ALTER TABLE tg_bots ADD COLUMN inbox_offset BIGINT NOT NULL DEFAULT 0;

-- The Telegram sandbox's own updates: what sandbox members wrote in a sandbox group (keyed by the
-- token's hash; the sandbox keeps no token).
CREATE TABLE sandbox_tg_updates (
  id BIGSERIAL PRIMARY KEY,
  token_hash TEXT NOT NULL,
  chat_id TEXT NOT NULL,
  from_name TEXT NOT NULL,
  text TEXT NOT NULL,
  reply_to BIGINT,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sandbox_tg_updates_token_idx ON sandbox_tg_updates (token_hash, id);
