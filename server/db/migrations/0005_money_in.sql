-- Money in (issue 10): saved cards, card payments, webhooks, freezes, invoices, the balance alarm,
-- billing addresses, bank-transfer references; and the sandbox payment provider's own tables.

-- Usage per product: the product a move paid for (SMS 9, voice 6003, ...); null for recharges.
ALTER TABLE ledger ADD COLUMN product_id INTEGER;
CREATE INDEX ledger_user_product_idx ON ledger (user_id, product_id, created_at);

-- A saved card: the provider's payment-method id and what may be shown, never the number.
CREATE TABLE payment_methods (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  provider_pm_id TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  holder_name TEXT NOT NULL DEFAULT '',
  is_default BOOLEAN NOT NULL DEFAULT false,
  created_at TIMESTAMPTZ NOT NULL,
  removed_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX payment_methods_provider_key ON payment_methods (provider_pm_id);
CREATE INDEX payment_methods_user_idx ON payment_methods (user_id);

-- Which account started which setup intent: ConfirmCardSetup only accepts the caller's own.
CREATE TABLE card_setups (
  setup_intent_id TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  payment_method_id BIGINT
);

-- A card payment. Credited once: the ledger row's key is 'payment:<id>'.
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  kind TEXT NOT NULL,
  wallet_type INTEGER NOT NULL,
  amount BIGINT NOT NULL,
  fee BIGINT NOT NULL,
  currency TEXT NOT NULL DEFAULT 'usd',
  provider_pm_id TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  provider_intent_id TEXT,
  status TEXT NOT NULL,
  failure_ret_code INTEGER,
  challenge_url TEXT,
  challenge_secret TEXT,
  idempotency_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  purpose JSONB,
  invoice_id BIGINT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX payments_user_key ON payments (user_id, idempotency_key);
CREATE UNIQUE INDEX payments_intent_key ON payments (provider_intent_id);
CREATE INDEX payments_open_idx ON payments (status, updated_at);

-- Provider webhook events already seen: a redelivered event id is acknowledged and skipped.
CREATE TABLE payment_webhook_events (
  event_id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  received_at TIMESTAMPTZ NOT NULL
);

-- The 10.00 frozen when a card is bound, released by the job at release_at.
CREATE TABLE card_freezes (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  payment_method_id BIGINT NOT NULL,
  amount BIGINT NOT NULL,
  release_at TIMESTAMPTZ NOT NULL,
  released_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX card_freezes_method_key ON card_freezes (payment_method_id);
CREATE INDEX card_freezes_due_idx ON card_freezes (released_at, release_at);

CREATE TABLE billing_addresses (
  user_id BIGINT PRIMARY KEY,
  address JSONB NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);

-- One invoice per recharge, bank transfer and plan purchase; the PDF is drawn from this row.
CREATE TABLE invoices (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  invoice_no TEXT NOT NULL,
  kind TEXT NOT NULL,
  source_key TEXT NOT NULL,
  description TEXT NOT NULL,
  subtotal BIGINT NOT NULL,
  fee BIGINT NOT NULL,
  tax BIGINT NOT NULL,
  total BIGINT NOT NULL,
  currency TEXT NOT NULL DEFAULT 'usd',
  bill_to JSONB,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX invoices_no_key ON invoices (invoice_no);
CREATE UNIQUE INDEX invoices_source_key ON invoices (user_id, source_key);
CREATE INDEX invoices_user_idx ON invoices (user_id, created_at);

CREATE TABLE balance_alarms (
  user_id BIGINT PRIMARY KEY,
  enabled BOOLEAN NOT NULL,
  wallet_type INTEGER NOT NULL,
  threshold BIGINT NOT NULL,
  auto_recharge BOOLEAN NOT NULL,
  auto_recharge_amount BIGINT NOT NULL,
  below BOOLEAN NOT NULL DEFAULT false,
  crossing INTEGER NOT NULL DEFAULT 0,
  last_alert_at TIMESTAMPTZ,
  last_payment_id TEXT,
  updated_at TIMESTAMPTZ NOT NULL
);

-- The reference a bank transfer carries; recorded transfers are keyed by the bank's reference.
CREATE TABLE bank_references (
  user_id BIGINT PRIMARY KEY,
  code TEXT NOT NULL
);
CREATE UNIQUE INDEX bank_references_code_key ON bank_references (code);

-- The sandbox payment provider's own records (standing in for the processor's database). The card
-- number is never kept: only what the documented test-card rules need (the outcome) and what is shown.
CREATE TABLE sandbox_pay_methods (
  id TEXT PRIMARY KEY,
  customer TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  holder_name TEXT NOT NULL,
  outcome TEXT NOT NULL,
  detached BOOLEAN NOT NULL DEFAULT false
);
CREATE TABLE sandbox_pay_setups (
  id TEXT PRIMARY KEY,
  customer TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  status TEXT NOT NULL,
  payment_method TEXT,
  failure_code TEXT,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE sandbox_pay_intents (
  id TEXT PRIMARY KEY,
  customer TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  amount BIGINT NOT NULL,
  currency TEXT NOT NULL,
  payment_method TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  status TEXT NOT NULL,
  failure_code TEXT,
  settle_at TIMESTAMPTZ,
  metadata JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX sandbox_pay_intents_key ON sandbox_pay_intents (customer, idempotency_key);
