-- The channel kernel (issue 11, docs/decisions.md "Channel kernel"): one set of task and recipient
-- tables for every sending channel, told apart by a channel column. The SMS tables become the
-- kernel's; existing rows are SMS tasks.
ALTER TABLE sms_tasks RENAME TO channel_tasks;
ALTER INDEX sms_tasks_user_idx RENAME TO channel_tasks_user_idx;
ALTER INDEX sms_tasks_status_idx RENAME TO channel_tasks_status_idx;
ALTER TABLE channel_tasks ADD COLUMN channel TEXT NOT NULL DEFAULT 'sms';
-- Recipients stored so far while the task is parsing (status 10): the progress of a large file.
ALTER TABLE channel_tasks ADD COLUMN parsed_count INTEGER NOT NULL DEFAULT 0;
-- Who decided a manual review (the staff account), when tasks leave pending manual review.
ALTER TABLE channel_tasks ADD COLUMN reviewed_by BIGINT;
CREATE INDEX channel_tasks_channel_user_idx ON channel_tasks (channel, user_id, created_at DESC);

ALTER TABLE sms_recipients RENAME TO channel_recipients;
-- The recipient's address in the channel's kind: a phone number (E.164 digits), an e-mail address or a chat id.
ALTER TABLE channel_recipients RENAME COLUMN phone TO address;

-- Recipients accepted with a task, kept until the parse job has stored them as channel_recipients
-- (in chunks, with progress), then deleted. One row per task: three parallel arrays.
CREATE TABLE channel_task_inputs (
  task_id BIGINT PRIMARY KEY,
  addresses TEXT[] NOT NULL,
  params JSONB[] NOT NULL,
  segments INTEGER[] NOT NULL
);
