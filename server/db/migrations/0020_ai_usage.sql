-- AI generations per account and plan period (issue 13 item 8, docs/decisions.md "AI text").
CREATE TABLE ai_usage (
  user_id BIGINT NOT NULL,
  record_id BIGINT NOT NULL,
  used INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, record_id)
);
