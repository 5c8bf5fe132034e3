-- Exports of send records for every channel (issue 11 item 5, docs/decisions.md "Exports by channel"):
-- the SMS exports table gains the channel whose records it holds. Rows made before are SMS exports.
ALTER TABLE sms_exports ADD COLUMN channel TEXT NOT NULL DEFAULT 'sms';
DROP INDEX sms_exports_user_idx;
CREATE INDEX sms_exports_user_channel_idx ON sms_exports (user_id, channel, created_at DESC);
