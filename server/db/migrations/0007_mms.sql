-- MMS (issue 11 item 4, docs/decisions.md "MMS"): MMS templates share the template table and its
-- review with SMS, told apart by a channel column; an MMS template adds a subject and images
-- (upload file ids with their name, type and size).
ALTER TABLE sms_templates ADD COLUMN channel TEXT NOT NULL DEFAULT 'sms';
ALTER TABLE sms_templates ADD COLUMN subject TEXT NOT NULL DEFAULT '';
ALTER TABLE sms_templates ADD COLUMN images JSONB NOT NULL DEFAULT '[]'::jsonb;
