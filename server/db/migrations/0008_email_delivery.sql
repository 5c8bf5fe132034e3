-- E-mail delivery infrastructure (issue 13 item 5, docs/decisions.md "E-mail delivery").
-- What the embedded sandbox SMTP sink received (shown at /dev/outbox), and its per-address attempt
-- count for the soft-bounce rule (a retry after N refusals is accepted, also across a restart).
CREATE TABLE mail_sink_messages (
  id BIGSERIAL PRIMARY KEY,
  received_at TIMESTAMPTZ NOT NULL,
  envelope_from TEXT NOT NULL DEFAULT '',
  envelope_to TEXT[] NOT NULL,
  from_header TEXT NOT NULL DEFAULT '',
  to_header TEXT NOT NULL DEFAULT '',
  subject TEXT NOT NULL DEFAULT '',
  message_id TEXT NOT NULL DEFAULT '',
  headers JSONB NOT NULL DEFAULT '{}'::jsonb,
  dkim_result TEXT NOT NULL DEFAULT 'none',
  dkim_detail TEXT NOT NULL DEFAULT '',
  complaint BOOLEAN NOT NULL DEFAULT false,
  html TEXT,
  text_body TEXT NOT NULL DEFAULT '',
  raw TEXT NOT NULL
);

CREATE TABLE mail_sink_attempts (
  address TEXT PRIMARY KEY,
  attempts INTEGER NOT NULL DEFAULT 0
);

-- An account's e-mail suppression list: addresses that hard-bounced, complained or unsubscribed are
-- never mailed again by that account, whether they came from contacts or a pasted list.
CREATE TABLE email_suppressions (
  user_id BIGINT NOT NULL,
  address TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, address)
);
