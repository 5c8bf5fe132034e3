-- Workflow drafts of the Marketing hub (issue 14, docs/decisions.md "Workflow canvas" and "Workflow store"):
-- the canvas document as drawn, checked against the shared rules before it is stored.
CREATE TABLE workflows (
  id BIGSERIAL PRIMARY KEY,
  seq_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  -- WORKFLOW_STATUS: 0 draft, 1 submitted, 2 running, 3 paused, 9 deleted
  status INTEGER NOT NULL,
  document JSONB NOT NULL,
  -- the send steps' channels and the number of steps, kept for the list
  channels JSONB NOT NULL DEFAULT '[]'::jsonb,
  steps INTEGER NOT NULL DEFAULT 0,
  -- bumped on every save
  revision INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX workflows_user_idx ON workflows (user_id, status, updated_at DESC);
CREATE UNIQUE INDEX workflows_name_key ON workflows (user_id, lower(name)) WHERE status <> 9;
