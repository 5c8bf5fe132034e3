-- A callback's signing secret is shown once, in the reply that issues it (issue 18 §21). Secrets of
-- addresses already saved were shown before this migration.
ALTER TABLE sms_callbacks ADD COLUMN secret_shown BOOLEAN NOT NULL DEFAULT false;
UPDATE sms_callbacks SET secret_shown = true WHERE url <> '';
