-- Plans and money (issue 3): idempotency records for money-moving Actions, purchase start times.

-- One row per (user, key): a replay returns `response`; the same key with another body is a conflict.
CREATE TABLE idempotency_records (
  user_id BIGINT NOT NULL,
  key TEXT NOT NULL,
  action TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  response JSONB,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, key)
);

-- A renewal starts when the current period ends; an upgrade replaces records from now on.
ALTER TABLE subscription_records ADD COLUMN starts_at TIMESTAMPTZ;
UPDATE subscription_records SET starts_at = created_at WHERE starts_at IS NULL;
ALTER TABLE subscription_records ALTER COLUMN starts_at SET NOT NULL;
CREATE INDEX subscription_records_user_end_idx ON subscription_records (user_id, ends_at);

-- The ledger is append-only: no row is ever changed or removed.
CREATE FUNCTION ledger_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER ledger_no_update BEFORE UPDATE OR DELETE ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
