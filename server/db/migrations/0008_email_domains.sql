-- E-mail sending domains and senders (issue 13 items 1-2; docs/decisions.md "E-mail domains and senders").
-- A domain carries its DKIM key pair (the private key never leaves the server), its tracking prefix, its
-- verify status with a secondary code (a failed domain that had passed before may not be edited) and
-- the last DNS check per record. Deleted rows stay (status 3), so a name is unique among live rows only.
CREATE TABLE email_domains (
  id BIGSERIAL PRIMARY KEY,
  domain_id TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  domain TEXT NOT NULL,
  tracking_prefix TEXT NOT NULL,
  dkim_selector TEXT NOT NULL,
  dkim_public_key TEXT NOT NULL,
  dkim_private_key TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 0,
  status_sub INTEGER NOT NULL DEFAULT 0,
  checks JSONB NOT NULL DEFAULT '[]'::jsonb,
  checked_at TIMESTAMPTZ,
  verified_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX email_domains_domain_id_idx ON email_domains (domain_id);
CREATE UNIQUE INDEX email_domains_live_name_idx ON email_domains (user_id, domain) WHERE status <> 3;
CREATE INDEX email_domains_user_idx ON email_domains (user_id, created_at);

CREATE TABLE email_senders (
  id BIGSERIAL PRIMARY KEY,
  sender_id TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  domain_id TEXT NOT NULL,
  alias TEXT NOT NULL,
  address TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX email_senders_sender_id_idx ON email_senders (sender_id);
CREATE UNIQUE INDEX email_senders_live_address_idx ON email_senders (user_id, address) WHERE status <> 2;
CREATE INDEX email_senders_domain_idx ON email_senders (domain_id);
