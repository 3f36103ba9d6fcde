-- A stage that ran twice to completion (a lease that ran out while its first run was still calling
-- the model) emits its event twice under the same event_id: both runs' model calls were made and
-- paid for, so both are kept. A row is one call of one run: the run is told by its event's time.
-- Rows stored before this migration keep run_at = 0 (one run each, as they were stored).
ALTER TABLE gg_model_calls
    ADD COLUMN IF NOT EXISTS run_at DateTime64(3, 'UTC') COMMENT 'the time of the event that reported the call: two runs of one stage are two rows',
    MODIFY ORDER BY (toDate(occurred_at), role, model, event_id, call_index, run_at);
