-- WhatsApp sending (issue 15 item 4, docs/decisions.md "WhatsApp sending"): the kernel's messages on the
-- whatsapp channel as the platform took them, and the 24-hour conversations they opened or joined.
-- A conversation per (number, customer, category) lasts 24 hours from the message that opened it; it is
-- paid once from the main wallet with the ledger key whatsapp:conv:<id>.
CREATE TABLE wa_conversations (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  phone_number_id TEXT NOT NULL,
  -- the customer's wa_id (E.164 digits)
  customer TEXT NOT NULL,
  -- marketing, utility, authentication (business-initiated) or service (the customer wrote)
  category TEXT NOT NULL,
  -- Sent (a template opened it) or Received (the customer's message opened it)
  direction TEXT NOT NULL,
  opened_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  -- units (10,000 per USD); 0 when free
  price BIGINT NOT NULL
);
CREATE INDEX wa_conversations_open_idx ON wa_conversations (phone_number_id, customer, expires_at);
CREATE INDEX wa_conversations_tier_idx ON wa_conversations (phone_number_id, direction, opened_at);
CREATE INDEX wa_conversations_user_idx ON wa_conversations (user_id, opened_at DESC);
-- One per kernel message (key task:seq) handed to the platform: a repeated submit answers it again.
CREATE TABLE wa_sends (
  message_key TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  task_id BIGINT NOT NULL,
  phone_number_id TEXT NOT NULL,
  recipient TEXT NOT NULL,
  template_name TEXT NOT NULL,
  language TEXT NOT NULL,
  category TEXT NOT NULL,
  conversation_id BIGINT NOT NULL,
  -- the price of the conversation this message opened (0 when it joined an open one, or was refunded)
  paid BIGINT NOT NULL DEFAULT 0,
  -- the platform's message id; '' until it answered
  wamid TEXT NOT NULL DEFAULT '',
  -- sending, sent, refused
  state TEXT NOT NULL,
  -- why the platform or Herald refused it ('' otherwise)
  error_code TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX wa_sends_wamid_idx ON wa_sends (wamid);
CREATE INDEX wa_sends_task_idx ON wa_sends (task_id);
