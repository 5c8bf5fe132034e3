-- AI images of the creative material page (issue 16 item 7, docs/decisions.md "Creative material and AI
-- images"): one row per generation, Running 1 → Succeeded 2 (with its image file) or Failed 3 (with a reason).
-- At most one running per account (the partial unique index: two tabs at once cannot start two).
CREATE TABLE aigc_tasks (
  id bigserial PRIMARY KEY,
  task_id text NOT NULL UNIQUE,
  user_id bigint NOT NULL,
  status integer NOT NULL,
  prompt text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  category text NOT NULL,
  industry text NOT NULL,
  reference_file_id text,
  optimization text,
  file_id text,
  reason text NOT NULL DEFAULT '',
  library_item_id text,
  plan_record_id bigint,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX aigc_tasks_user_idx ON aigc_tasks (user_id, created_at DESC);
CREATE UNIQUE INDEX aigc_tasks_one_running ON aigc_tasks (user_id) WHERE status = 1;
