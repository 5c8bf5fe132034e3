-- Journeys that run (issue 14 item 2, docs/decisions.md "Journey engine"): starting a workflow freezes its
-- document as a version; every contact who enters gets one durable run on the version current when it
-- entered; each step a run passes is claimed once as a row (run, node), so a step job run twice does
-- nothing the second time.
CREATE TABLE workflow_versions (
  id BIGSERIAL PRIMARY KEY,
  workflow_id BIGINT NOT NULL,
  user_id BIGINT NOT NULL,
  version INTEGER NOT NULL,
  document JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX workflow_versions_key ON workflow_versions (workflow_id, version);

CREATE TABLE workflow_runs (
  id BIGSERIAL PRIMARY KEY,
  workflow_id BIGINT NOT NULL,
  version_id BIGINT NOT NULL,
  user_id BIGINT NOT NULL,
  contact_id BIGINT NOT NULL,
  -- the node the run is at: the next step it takes
  node_id TEXT NOT NULL,
  -- SEQUENCE_STATUS: 0 scheduled, 1 queued, 2 completed, 3 paused, 4 failed, 5 expired
  status INTEGER NOT NULL,
  -- when the step at node_id is due (by the server clock)
  due_at TIMESTAMPTZ NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
-- a contact enters a workflow once
CREATE UNIQUE INDEX workflow_runs_contact_key ON workflow_runs (workflow_id, contact_id);
CREATE INDEX workflow_runs_due_idx ON workflow_runs (status, due_at);

CREATE TABLE workflow_run_steps (
  run_id BIGINT NOT NULL,
  node_id TEXT NOT NULL,
  workflow_id BIGINT NOT NULL,
  -- 'done' or 'failed'
  outcome TEXT NOT NULL,
  -- the kernel task of a send step ('' for other steps)
  task_id TEXT NOT NULL DEFAULT '',
  reason TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (run_id, node_id)
);
CREATE INDEX workflow_run_steps_workflow_idx ON workflow_run_steps (workflow_id, node_id);
