-- Voice templates (issue 11 item 5, docs/decisions.md "Voice templates"): a name and an approved
-- recording (a voice file whose WAV is made), reviewed in two visible steps (content check, audit).
CREATE TABLE voice_templates (
  id BIGSERIAL PRIMARY KEY,
  template_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  -- the voice file (voice_audio_files.audio_id) the template plays
  audio_id TEXT NOT NULL REFERENCES voice_audio_files (audio_id),
  remark TEXT NOT NULL DEFAULT '',
  -- VOICE_TEMPLATE_STATUS 1-10 (spec 001 §4); 7 auditPass is the only usable one
  status INTEGER NOT NULL,
  reject_reason TEXT NOT NULL DEFAULT '',
  -- bumped on every edit, so a review started before an edit cannot decide the edited template
  revision INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  reviewed_at TIMESTAMPTZ
);
CREATE INDEX voice_templates_user_idx ON voice_templates (user_id, status, created_at DESC);
