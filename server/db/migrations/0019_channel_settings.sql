-- Settings per channel (issue 11 items 4/5, docs/decisions.md "Settings per channel"): the callback,
-- its deliveries, the alarm rules and the sending limits gain the channel they belong to (the kernel's
-- channel id: sms, mms, voice). Rows made before are SMS settings. An account has one callback and one
-- limit row per channel.
ALTER TABLE sms_callbacks ADD COLUMN channel TEXT NOT NULL DEFAULT 'sms';
ALTER TABLE sms_callbacks DROP CONSTRAINT sms_callbacks_pkey;
ALTER TABLE sms_callbacks ADD PRIMARY KEY (user_id, channel);

ALTER TABLE sms_callback_deliveries ADD COLUMN channel TEXT NOT NULL DEFAULT 'sms';

ALTER TABLE sms_alarm_rules ADD COLUMN channel TEXT NOT NULL DEFAULT 'sms';
DROP INDEX sms_alarm_rules_user_idx;
CREATE INDEX sms_alarm_rules_user_channel_idx ON sms_alarm_rules (user_id, channel);

ALTER TABLE sms_limits ADD COLUMN channel TEXT NOT NULL DEFAULT 'sms';
ALTER TABLE sms_limits DROP CONSTRAINT sms_limits_pkey;
ALTER TABLE sms_limits ADD PRIMARY KEY (user_id, channel);
