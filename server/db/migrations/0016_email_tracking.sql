-- E-mail open, click and unsubscribe tracking (issue 13 item 6, docs/decisions.md "E-mail tracking"): one
-- row per recipient (task, seq) and event kind, with the first and last time and how often it happened.
CREATE TABLE email_track_events (
  task_id BIGINT NOT NULL,
  seq INTEGER NOT NULL,
  -- 'open' | 'click' | 'unsubscribe'
  kind TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  count INTEGER NOT NULL DEFAULT 1,
  first_at TIMESTAMPTZ NOT NULL,
  last_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (task_id, seq, kind)
);
