-- Journeys that loop through a delay (docs/decisions.md "Journey engine"): the rules allow a cycle that
-- waits, so a run may come back to a node it took. A step is claimed by its place in the run's path
-- (run, step) instead of (run, node): each visit is taken once, a job repeated for a visit finds its place
-- taken, and a second visit of a node has a place of its own.
ALTER TABLE workflow_runs ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
ALTER TABLE workflow_run_steps ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
-- The steps taken so far get their places in the order they were taken (steps taken at one clock reading
-- in node order); a run's next step comes after them. A run the old key left stuck at a node it had taken
-- (the loop bug) thus takes that node again on its next job.
UPDATE workflow_run_steps s SET step = o.place
  FROM (
    SELECT run_id, node_id, (row_number() OVER (PARTITION BY run_id ORDER BY created_at, node_id) - 1)::int AS place
    FROM workflow_run_steps
  ) o
  WHERE o.run_id = s.run_id AND o.node_id = s.node_id;
UPDATE workflow_runs r SET step = taken.count
  FROM (SELECT run_id, count(*)::int AS count FROM workflow_run_steps GROUP BY run_id) taken
  WHERE taken.run_id = r.id;
ALTER TABLE workflow_run_steps ALTER COLUMN step DROP DEFAULT;
ALTER TABLE workflow_run_steps DROP CONSTRAINT workflow_run_steps_pkey;
ALTER TABLE workflow_run_steps ADD PRIMARY KEY (run_id, step);
