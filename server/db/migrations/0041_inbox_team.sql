-- Inbox assignment (issue 15 item 7 "assignment and filters", docs/decisions.md "Inbox assignment"):
-- a Herald account has one login, so it keeps a small roster of teammates (name and e-mail, no login of
-- their own); a message is assigned to one of them or to nobody, and the inbox filters by assignee.
CREATE TABLE inbox_teammates (
  id BIGSERIAL PRIMARY KEY,
  teammate_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
-- one teammate per address in an account, whatever its case
CREATE UNIQUE INDEX inbox_teammates_email_key ON inbox_teammates (user_id, lower(email));
-- removing a teammate leaves their messages unassigned
ALTER TABLE inbox_messages ADD COLUMN assignee_id BIGINT REFERENCES inbox_teammates (id) ON DELETE SET NULL;
CREATE INDEX inbox_messages_assignee_idx ON inbox_messages (user_id, assignee_id);
