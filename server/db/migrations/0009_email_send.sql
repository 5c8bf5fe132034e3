-- E-mail sending (issue 13 item 4, docs/decisions.md "E-mail sending"): the SMTP hand-overs of each
-- task message (one row per task:recipient key, however often the kernel submits it), so a repeated
-- key answers its first result and a soft bounce is tried again on its own schedule.
CREATE TABLE email_send_attempts (
  message_key TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  address TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  result TEXT NOT NULL,
  retryable BOOLEAN NOT NULL,
  smtp_code INTEGER NOT NULL DEFAULT 0,
  response TEXT NOT NULL DEFAULT '',
  message_id TEXT NOT NULL DEFAULT '',
  error_code TEXT NOT NULL DEFAULT '',
  next_attempt_at TIMESTAMPTZ,
  reported_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX email_send_attempts_due ON email_send_attempts (next_attempt_at) WHERE reported_at IS NULL;
