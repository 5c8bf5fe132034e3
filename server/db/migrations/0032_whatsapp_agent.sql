-- WhatsApp agent campaigns (issue 15 item 5, docs/decisions.md "WhatsApp agent campaigns"): one row per
-- campaign with its lifecycle status (spec 001 §4: 1 WaitForSend … 7 Cancel), when each stage happened,
-- its counts and its money (charged and refunded, in units; the ledger rows carry the same keys).
CREATE TABLE wa_agent_tasks (
  id BIGSERIAL PRIMARY KEY,
  task_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  country_code TEXT NOT NULL,
  phone_prefix TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  -- the expected send time as typed ("YYYY-MM-DD HH:mm" in time_zone) and as an instant
  expected_local TEXT NOT NULL,
  expected_at TIMESTAMPTZ NOT NULL,
  content TEXT NOT NULL,
  media_file_id TEXT NOT NULL DEFAULT '',
  status SMALLINT NOT NULL,
  -- who ended it in Cancel 7: 'agent' (label rejected) or 'customer' (label cancelled)
  cancelled_by TEXT,
  fail_reason TEXT NOT NULL DEFAULT '',
  total_count INTEGER NOT NULL,
  invalid_count INTEGER NOT NULL DEFAULT 0,
  duplicate_count INTEGER NOT NULL DEFAULT 0,
  sent_count INTEGER NOT NULL DEFAULT 0,
  failed_count INTEGER NOT NULL DEFAULT 0,
  price BIGINT NOT NULL,
  charged BIGINT NOT NULL DEFAULT 0,
  refunded BIGINT NOT NULL DEFAULT 0,
  -- CreateWaAgentTask's IdempotencyKey: a retried create answers the first campaign, charged once
  request_key TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  analyzing_at TIMESTAMPTZ,
  analyzed_at TIMESTAMPTZ,
  sending_at TIMESTAMPTZ,
  finished_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX wa_agent_tasks_request_key ON wa_agent_tasks (user_id, request_key);
CREATE INDEX wa_agent_tasks_user_idx ON wa_agent_tasks (user_id, created_at);

-- The campaign's recipients as E.164 digits, each once (the unique index drops repeats while inserting).
CREATE TABLE wa_agent_recipients (
  task_id BIGINT NOT NULL,
  seq INTEGER NOT NULL,
  phone TEXT NOT NULL,
  PRIMARY KEY (task_id, seq)
);
CREATE UNIQUE INDEX wa_agent_recipients_phone_key ON wa_agent_recipients (task_id, phone);
