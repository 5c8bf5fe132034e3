-- Channel conditions of segments (docs/decisions.md, "Audience") look up a contact's records in the
-- channel kernel's table by address, newest first.
CREATE INDEX IF NOT EXISTS channel_recipients_address_idx ON channel_recipients (address, submit_at);
