-- WhatsApp business connection, numbers and the WhatsApp webhook (issue 15 items 1-2,
-- docs/decisions.md "WhatsApp numbers"): one WhatsApp Business Account (WABA) per Herald account.
CREATE TABLE wa_accounts (
  user_id BIGINT PRIMARY KEY,
  -- a WABA belongs to one Herald account: its webhooks find the account by this id
  waba_id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  -- the business token of the sign-up: sent to the platform only, never answered
  token TEXT NOT NULL,
  connected_at TIMESTAMPTZ NOT NULL
);
-- The embedded sign-up's `state`: one per GetWhatsAppSignUpUrl, used once, 30 minutes.
CREATE TABLE wa_signup_states (
  state TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);
CREATE TABLE wa_numbers (
  phone_number_id TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  waba_id TEXT NOT NULL,
  display_phone TEXT NOT NULL,
  display_name TEXT NOT NULL,
  -- spec 001 §4: PENDING … UNVERIFIED
  status TEXT NOT NULL,
  -- green, yellow, red, unknown
  quality TEXT NOT NULL,
  -- 50, 250, 1K, 10K, 100K, unlimited
  tier TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX wa_numbers_user_idx ON wa_numbers (user_id, display_phone);
-- Quality and tier inputs (server/whatsapp/quality-tier.ts): a customer's block or report, and a
-- business-initiated conversation the number opened; `ref` makes each count once.
CREATE TABLE wa_number_signals (
  phone_number_id TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  kind TEXT NOT NULL,
  ref TEXT NOT NULL,
  at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (phone_number_id, kind, ref)
);
CREATE INDEX wa_number_signals_at_idx ON wa_number_signals (phone_number_id, at);
-- Inbound customer messages (the smart inbox reads these).
CREATE TABLE wa_inbound_messages (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  phone_number_id TEXT NOT NULL,
  wa_id TEXT NOT NULL,
  profile_name TEXT NOT NULL DEFAULT '',
  type TEXT NOT NULL,
  text TEXT NOT NULL DEFAULT '',
  wamid TEXT NOT NULL UNIQUE,
  sent_at TIMESTAMPTZ NOT NULL,
  received_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX wa_inbound_messages_user_idx ON wa_inbound_messages (user_id, sent_at DESC);
-- Statuses of the business's own messages (sent, delivered, read, failed), one row per wamid and status.
CREATE TABLE wa_message_statuses (
  wamid TEXT NOT NULL,
  status TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  phone_number_id TEXT NOT NULL,
  recipient_id TEXT NOT NULL DEFAULT '',
  conversation_id TEXT NOT NULL DEFAULT '',
  origin TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '',
  at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (wamid, status)
);
-- Webhook changes already handled (replays are dropped): sha256 of the entry id, field and value.
CREATE TABLE wa_webhook_events (
  event_key TEXT PRIMARY KEY,
  received_at TIMESTAMPTZ NOT NULL
);
