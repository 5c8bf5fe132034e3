-- Uploads, tickets (work orders), account settings, access keys and the account's notifications.

-- Per-deployment secrets (upload signatures), made once and shared by every gateway process.
CREATE TABLE server_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE files (
  id TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  md5 TEXT NOT NULL,
  size BIGINT,
  -- authorized: waiting for its PUT; stored: on disk (or in the object store)
  status TEXT NOT NULL,
  storage_key TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  stored_at TIMESTAMPTZ
);
CREATE INDEX files_user_idx ON files (user_id, created_at);

ALTER TABLE tickets ADD COLUMN first_comment TEXT NOT NULL DEFAULT '';
CREATE INDEX tickets_status_idx ON tickets (status, updated_at);
CREATE INDEX tickets_unread_idx ON tickets (user_id) WHERE unread_reply_at IS NOT NULL;

CREATE TABLE ticket_comments (
  id BIGSERIAL PRIMARY KEY,
  ticket_id BIGINT NOT NULL REFERENCES tickets (id),
  -- owner or staff
  author TEXT NOT NULL,
  author_user_id BIGINT NOT NULL,
  body TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX ticket_comments_ticket_idx ON ticket_comments (ticket_id, id);

-- A picture made a ticket attachment (UploadAttachFile), then tied to the comment that carries it.
CREATE TABLE ticket_attachments (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  file_id TEXT NOT NULL REFERENCES files (id),
  comment_id BIGINT REFERENCES ticket_comments (id),
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX ticket_attachments_comment_idx ON ticket_attachments (comment_id);

-- 6-digit codes mailed to the current address (VerifyType 1: modify old email).
CREATE TABLE email_codes (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  verify_type INTEGER NOT NULL,
  code_hash TEXT NOT NULL,
  sent_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  used_at TIMESTAMPTZ
);
CREATE INDEX email_codes_user_idx ON email_codes (user_id, verify_type, sent_at);

-- The confirmation link mailed to the new address; session_family is the session that asked.
CREATE TABLE email_changes (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  new_email TEXT NOT NULL,
  key_hash TEXT NOT NULL,
  session_family TEXT NOT NULL,
  sent_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX email_changes_key ON email_changes (key_hash);
CREATE INDEX email_changes_user_idx ON email_changes (user_id, sent_at);

CREATE TABLE access_keys (
  id TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  -- HMAC needs the secret itself; it is shown to the owner once and never returned again
  secret TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  last_used_at TIMESTAMPTZ,
  revoked_at TIMESTAMPTZ
);
CREATE INDEX access_keys_user_idx ON access_keys (user_id, created_at);

CREATE TABLE notification_settings (
  user_id BIGINT PRIMARY KEY,
  emails TEXT[] NOT NULL DEFAULT '{}',
  topics TEXT[] NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE notifications (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  kind TEXT NOT NULL,
  -- i18n keys (namespace settings) and their parameters: shown in the reader's language
  title_key TEXT NOT NULL,
  body_key TEXT NOT NULL,
  params JSONB NOT NULL DEFAULT '{}',
  link TEXT NOT NULL DEFAULT '',
  -- one notification per event (a plan's expiry warning, a reply)
  dedupe_key TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  read_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX notifications_dedupe_key ON notifications (user_id, dedupe_key);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at);
