-- Voice tasks on the channel kernel (issue 11 item 5, docs/decisions.md "Voice tasks"): a call's duration in
-- seconds, from the carrier's report (null until reported, and for every other channel).
ALTER TABLE channel_recipients ADD COLUMN call_seconds INTEGER;
