-- Campaigns (issue 14 item 5, docs/decisions.md "Campaigns"): a named send of one channel to a list or a
-- segment, saved with its channel's send request and applied once into a send task.
CREATE TABLE campaigns (
  id BIGSERIAL PRIMARY KEY,
  campaign_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  -- 'sms' or 'email'
  type TEXT NOT NULL,
  -- 1 acquisition, 2 activation
  aim INTEGER NOT NULL,
  -- 'editor' or 'ai'
  source TEXT NOT NULL,
  -- CAMPAIGN_STATUS: 1 saved, 2 applied, 9 deleted
  status INTEGER NOT NULL,
  -- the channel's send request (AddUSMSSendTask / AddEmailSendTask input) without its idempotency key
  request JSONB NOT NULL,
  -- the editor's key of the first save: a retried create saves the same campaign
  create_key TEXT,
  -- the send task applying made ('' before)
  task_id TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX campaigns_user_idx ON campaigns (user_id, status, updated_at DESC);
-- campaign names are unique per account, whatever their case, among campaigns not deleted (spec 001 §5);
-- against plan names too, checked under the account's marketing-name lock (server/plans/names.ts)
CREATE UNIQUE INDEX campaigns_name_key ON campaigns (user_id, lower(name)) WHERE status <> 9;
CREATE UNIQUE INDEX campaigns_create_key ON campaigns (user_id, create_key);
