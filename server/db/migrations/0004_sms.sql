-- SMS: templates, tags, send tasks and their recipients, the sandbox carrier's log, customer
-- callbacks and their deliveries, alarm and limit rules, trial phones and record exports.

CREATE TABLE sms_templates (
  id BIGSERIAL PRIMARY KEY,
  template_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  purpose INTEGER NOT NULL,
  language TEXT NOT NULL,
  content TEXT NOT NULL,
  remark TEXT NOT NULL DEFAULT '',
  -- SMS_TEMPLATE_STATUS: 0 pending review, 1 in review, 2 passed, 3 rejected, 4 deleted
  status INTEGER NOT NULL,
  reject_reason TEXT NOT NULL DEFAULT '',
  variable_count INTEGER NOT NULL,
  -- bumped on every edit, so a review started before an edit cannot decide the edited text
  revision INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  reviewed_at TIMESTAMPTZ
);
CREATE INDEX sms_templates_user_idx ON sms_templates (user_id, status, created_at DESC);

CREATE TABLE sms_tags (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX sms_tags_user_name_key ON sms_tags (user_id, lower(name));

CREATE TABLE sms_tasks (
  id BIGSERIAL PRIMARY KEY,
  task_id TEXT NOT NULL UNIQUE,
  session_no TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  template_id TEXT NOT NULL,
  template_name TEXT NOT NULL,
  content TEXT NOT NULL,
  variable_count INTEGER NOT NULL,
  country_code TEXT NOT NULL,
  phone_prefix TEXT NOT NULL,
  sender_id TEXT NOT NULL DEFAULT '',
  tags TEXT[] NOT NULL DEFAULT '{}',
  project_id TEXT NOT NULL DEFAULT 'default',
  send_type TEXT NOT NULL,
  send_at TIMESTAMPTZ NOT NULL,
  time_zone TEXT NOT NULL,
  -- SMS_TASK_STATUS 0-10 and SMS_TASK_RESULT_STATE, moved only as the task lifecycle allows
  status INTEGER NOT NULL,
  result_state INTEGER NOT NULL DEFAULT 0,
  trial BOOLEAN NOT NULL DEFAULT false,
  total_count INTEGER NOT NULL,
  invalid_count INTEGER NOT NULL DEFAULT 0,
  duplicate_count INTEGER NOT NULL DEFAULT 0,
  submit_count INTEGER NOT NULL DEFAULT 0,
  submit_fail_count INTEGER NOT NULL DEFAULT 0,
  success_count INTEGER NOT NULL DEFAULT 0,
  fail_count INTEGER NOT NULL DEFAULT 0,
  unknown_count INTEGER NOT NULL DEFAULT 0,
  segments INTEGER NOT NULL,
  total_segments BIGINT NOT NULL,
  price BIGINT NOT NULL,
  estimated_cost BIGINT NOT NULL,
  cost BIGINT NOT NULL DEFAULT 0,
  group_size INTEGER NOT NULL,
  group_count INTEGER NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  started_at TIMESTAMPTZ,
  finished_at TIMESTAMPTZ
);
CREATE INDEX sms_tasks_user_idx ON sms_tasks (user_id, created_at DESC);
CREATE INDEX sms_tasks_status_idx ON sms_tasks (status, send_at);

-- One row per recipient, written in bulk (INSERT … SELECT FROM unnest): no serial and no secondary
-- index, because each costs PGlite about as much as the insert itself (100,000 rows in under a
-- second this way). Groups are seq ranges (seq / group_size); records are read through their task.
CREATE TABLE sms_recipients (
  task_id BIGINT NOT NULL,
  seq INTEGER NOT NULL,
  phone TEXT NOT NULL,
  params JSONB,
  segments INTEGER NOT NULL,
  -- the message lifecycle: 0 queued, 1 sending, 2 submitted, 3 success, 4 fail, 5 unknown, 6 submit-fail
  state SMALLINT NOT NULL DEFAULT 0,
  error_code TEXT NOT NULL DEFAULT '',
  cost BIGINT NOT NULL DEFAULT 0,
  submit_at TIMESTAMPTZ,
  report_at TIMESTAMPTZ,
  PRIMARY KEY (task_id, seq)
);

-- The sandbox carrier's own log: one row per message key (task:recipient), however often it is submitted.
CREATE TABLE sms_carrier_messages (
  message_key TEXT PRIMARY KEY,
  phone TEXT NOT NULL,
  body TEXT NOT NULL,
  accepted BOOLEAN NOT NULL,
  error_code TEXT NOT NULL DEFAULT '',
  submissions INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL,
  reported_at TIMESTAMPTZ
);

CREATE TABLE sms_callbacks (
  user_id BIGINT PRIMARY KEY,
  url TEXT NOT NULL DEFAULT '',
  enabled BOOLEAN NOT NULL DEFAULT false,
  secret TEXT NOT NULL,
  disabled_reason TEXT NOT NULL DEFAULT '',
  last_delivery_at TIMESTAMPTZ,
  last_status INTEGER NOT NULL DEFAULT 0,
  updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE sms_callback_deliveries (
  id BIGSERIAL PRIMARY KEY,
  message_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  payload TEXT NOT NULL,
  -- pending, delivered, failed (10 attempts), dropped (callback removed or disabled)
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ NOT NULL,
  last_status INTEGER NOT NULL DEFAULT 0,
  last_error TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  finished_at TIMESTAMPTZ
);
CREATE INDEX sms_callback_deliveries_due_idx ON sms_callback_deliveries (status, next_attempt_at);

CREATE TABLE sms_alarm_rules (
  id BIGSERIAL PRIMARY KEY,
  rule_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  kind INTEGER NOT NULL,
  period TEXT NOT NULL,
  threshold INTEGER NOT NULL,
  emails TEXT[] NOT NULL DEFAULT '{}',
  enabled BOOLEAN NOT NULL DEFAULT true,
  -- the period ('2026-11-22' or '2026-11') the alarm last fired in: once per period
  fired_period TEXT NOT NULL DEFAULT '',
  fired_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sms_alarm_rules_user_idx ON sms_alarm_rules (user_id);

CREATE TABLE sms_limits (
  user_id BIGINT PRIMARY KEY,
  daily_limit INTEGER,
  monthly_limit INTEGER,
  total_limit INTEGER,
  alarm_percent INTEGER NOT NULL DEFAULT 80,
  emails TEXT[] NOT NULL DEFAULT '{}',
  -- alarms already mailed, as 'daily:2026-11-22:warn' keys of the current periods
  fired_keys TEXT[] NOT NULL DEFAULT '{}',
  updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE sms_trial_phones (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  country_code TEXT NOT NULL,
  phone TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  code_sent_at TIMESTAMPTZ NOT NULL,
  code_expires_at TIMESTAMPTZ NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  verified_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX sms_trial_phones_key ON sms_trial_phones (user_id, country_code, phone);

CREATE TABLE sms_exports (
  id BIGSERIAL PRIMARY KEY,
  export_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  filters JSONB NOT NULL,
  begin_at TIMESTAMPTZ NOT NULL,
  end_at TIMESTAMPTZ NOT NULL,
  -- SMS_EXPORT_STATUS: 0 submitted, 1 processing, 2 failed, 3 completed
  status INTEGER NOT NULL DEFAULT 0,
  row_count INTEGER NOT NULL DEFAULT 0,
  file_name TEXT NOT NULL DEFAULT '',
  body TEXT,
  reason TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  finished_at TIMESTAMPTZ
);
CREATE INDEX sms_exports_user_idx ON sms_exports (user_id, created_at DESC);
