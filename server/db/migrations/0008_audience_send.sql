-- Sending to the audience (issue 12 item 6, docs/decisions.md "Sending to the audience"): a task may
-- name a list or a segment instead of numbers. The task keeps what it was sent to and what was skipped;
-- the parse job works from channel_task_audiences (the segment's rules as accepted, the variable
-- mapping, and its keyset cursor over contact ids) and deletes it when done, as it does the inputs row.
ALTER TABLE channel_tasks ADD COLUMN audience JSONB;
ALTER TABLE channel_tasks ADD COLUMN suppressed_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE channel_tasks ADD COLUMN no_address_count INTEGER NOT NULL DEFAULT 0;
CREATE TABLE channel_task_audiences (
  task_id BIGINT PRIMARY KEY,
  list_id BIGINT,
  segment_rules JSONB,
  variable_mapping JSONB NOT NULL DEFAULT '[]'::jsonb,
  cursor_contact_id BIGINT NOT NULL DEFAULT 0
);
