-- E-mail templates (issue 13 item 3, docs/decisions.md "E-mail templates"): the sanitised HTML and its
-- generated text part, the editor's project to edit it again, and the review lifecycle's status.
CREATE TABLE email_templates (
  id BIGSERIAL PRIMARY KEY,
  template_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  subject TEXT NOT NULL,
  preview_text TEXT NOT NULL DEFAULT '',
  -- 'trigger' or 'batch'
  kind TEXT NOT NULL,
  -- spec 000 §3 e-mail type: common 0, verification 1, notify 2, market 3
  email_type INTEGER NOT NULL,
  -- 'dragDrop' or 'richText'
  editor TEXT NOT NULL,
  design TEXT NOT NULL,
  html TEXT NOT NULL,
  text_part TEXT NOT NULL,
  merge_tags JSONB NOT NULL DEFAULT '[]'::jsonb,
  -- EMAIL_TEMPLATE_STATUS: 0 draft, 1 pending review, 2 in review, 3 passed, 4 rejected, 5 disabled, 6 deleted, 7 expired
  status INTEGER NOT NULL,
  reject_reason TEXT NOT NULL DEFAULT '',
  -- bumped on every edit, so a review started before an edit cannot decide the edited content
  revision INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  reviewed_at TIMESTAMPTZ
);
CREATE INDEX email_templates_user_idx ON email_templates (user_id, status, created_at DESC);
