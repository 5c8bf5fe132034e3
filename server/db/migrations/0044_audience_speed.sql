-- Segment channel conditions (issue 12 figures, docs/decisions.md "Segment count at a million"): an
-- account's records of the last N days, read task by task. With it a segment count joins the contacts
-- to the account's recent records (a hash semi-join) instead of reading every account's records or
-- probing the address index once per contact. Covering (address, state): the join reads no record row.
CREATE INDEX IF NOT EXISTS channel_recipients_task_submit_idx ON channel_recipients (task_id, submit_at) INCLUDE (address, state);
