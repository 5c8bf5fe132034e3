-- WhatsApp templates (issue 15 item 3, docs/decisions.md "WhatsApp templates"): one row per (account, name,
-- language) with its content, its lifecycle status (spec 001 §4, as WhatsApp spells it) and the platform's
-- review reason. waba_id is the WhatsApp business account it belongs to ('' until the account's WABA is
-- wired in).
CREATE TABLE wa_templates (
  id BIGSERIAL PRIMARY KEY,
  template_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  waba_id TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL,
  language TEXT NOT NULL,
  category TEXT NOT NULL,
  type TEXT NOT NULL,
  header_format TEXT NOT NULL,
  header_text TEXT NOT NULL,
  header_sample TEXT NOT NULL,
  header_media_file_id TEXT NOT NULL,
  body TEXT NOT NULL,
  body_samples JSONB NOT NULL,
  footer TEXT NOT NULL,
  button_kind TEXT NOT NULL,
  buttons JSONB NOT NULL,
  code_expiry_minutes INTEGER,
  status TEXT NOT NULL,
  reject_reason TEXT NOT NULL DEFAULT '',
  -- the platform's id of the submission ('' before it answered)
  platform_id TEXT NOT NULL DEFAULT '',
  -- CreateWhatsAppTemplate's IdempotencyKey: a retried create answers the first template
  request_key TEXT,
  -- bumped by every submission: a review job of an older one changes nothing
  revision INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  reviewed_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX wa_templates_name_key ON wa_templates (user_id, name, language) WHERE status <> 'DELETED';
CREATE UNIQUE INDEX wa_templates_request_key ON wa_templates (user_id, request_key);
CREATE INDEX wa_templates_user_idx ON wa_templates (user_id, created_at);

-- The sandbox platform's own store of submissions (it stands in for WhatsApp's; server/whatsapp-templates/
-- sandbox-platform.ts): what was submitted, when, and whether it was deleted.
CREATE TABLE wa_sandbox_templates (
  id TEXT PRIMARY KEY,
  waba_ref TEXT NOT NULL,
  name TEXT NOT NULL,
  language TEXT NOT NULL,
  category TEXT NOT NULL,
  components JSONB NOT NULL,
  submitted_at TIMESTAMPTZ NOT NULL,
  deleted BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX wa_sandbox_templates_ref_idx ON wa_sandbox_templates (waba_ref, name);
