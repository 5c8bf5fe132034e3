-- E-mail limits and alert thresholds (issue 13 item 7, docs/decisions.md "E-mail limits and alerts"):
-- e-mail reuses the channels' limit row and alarm rules (channel 'email'). An e-mail rule watches one
-- metric: trigger, batch or total request counts, or the block or spam rate in percent. Phone channels'
-- rules count every send ('total'). A rate threshold may have decimals. A task says whether it was a
-- trigger (API, one recipient) or a batch request. A rule's alerts are written in the language it was
-- saved in.
ALTER TABLE sms_alarm_rules ADD COLUMN metric TEXT NOT NULL DEFAULT 'total';
ALTER TABLE sms_alarm_rules ALTER COLUMN threshold TYPE NUMERIC(12, 2);
ALTER TABLE channel_tasks ADD COLUMN request_kind TEXT NOT NULL DEFAULT 'batch';
ALTER TABLE sms_alarm_rules ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
