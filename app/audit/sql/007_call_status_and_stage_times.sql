-- How each model call ended: ok, timeout, unusable (its error starts with the reason), refused
-- (4xx) or error (unreachable, 429, 5xx). Rows stored before this migration were written only for
-- calls that succeeded or failed for good: an empty error is ok, any other a failure.
ALTER TABLE gg_model_calls ADD COLUMN IF NOT EXISTS status LowCardinality(String) DEFAULT if(error = '', 'ok', 'error');

-- Each session's deadline, from its snapshots (the worker's state holds it resolved, whether the
-- query carried one or took GROUNDGATE_DEADLINE_S), so a deadline report compares the answer's own
-- time with it: a late answer is late whatever its degraded reason says.
ALTER TABLE gg_session_rollup ADD COLUMN IF NOT EXISTS deadline_at SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC')));

CREATE MATERIALIZED VIEW IF NOT EXISTS gg_session_rollup_deadline_mv TO gg_session_rollup AS
SELECT toStartOfHour(updated_at) AS hour, session_id,
       max(parseDateTime64BestEffortOrNull(JSONExtractString(state, 'deadline_at'), 3, 'UTC')) AS deadline_at
FROM gg_session_snapshots
GROUP BY hour, session_id;

INSERT INTO gg_session_rollup (hour, session_id, deadline_at)
SELECT toStartOfHour(updated_at) AS hour, session_id,
       max(parseDateTime64BestEffortOrNull(JSONExtractString(state, 'deadline_at'), 3, 'UTC')) AS deadline_at
FROM gg_session_snapshots
GROUP BY hour, session_id;

-- One row per query outcome. Each stage's result occurs when the stage ended and says when it
-- began (started_at): a stage's own time, and the answer's own time against the deadline.
CREATE OR REPLACE VIEW gg_query_outcomes AS
SELECT
    o.session_id AS session_id, o.verdict AS verdict, o.score AS score, o.rounds AS rounds,
    o.composer_status AS composer_status, o.degraded_reason AS degraded_reason,
    o.degraded_reason = 'deadline' OR (d.deadline_at IS NOT NULL AND o.answered_at > d.deadline_at) AS deadline_hit,
    o.answered_at AS answered_at, d.deadline_at AS deadline_at,
    dateDiff('millisecond', d.deadline_at, o.answered_at) AS past_deadline_ms,
    t.opened_at AS opened_at,
    dateDiff('millisecond', t.opened_at, t.executor_at) AS investigate_ms,
    dateDiff('millisecond', t.executor_at, t.verdict_at) AS verify_ms,
    dateDiff('millisecond', t.verdict_at, t.draft_at) AS compose_ms,
    dateDiff('millisecond', t.investigate_started_at, t.executor_at) AS investigate_work_ms,
    dateDiff('millisecond', t.verify_started_at, t.verdict_at) AS verify_work_ms,
    dateDiff('millisecond', t.compose_started_at, t.draft_at) AS compose_work_ms,
    dateDiff('millisecond', t.opened_at, o.answered_at) AS total_ms,
    c.input_tokens AS input_tokens, c.output_tokens AS output_tokens, c.calls AS model_calls,
    c.failed_calls AS failed_model_calls, c.models AS models, c.prompt_hashes AS prompt_hashes
FROM (SELECT * FROM gg_outcomes FINAL) AS o
LEFT JOIN (
    SELECT session_id,
           minIf(occurred_at, event_type IN ('QueryReceived', 'ExecutorFinished')) AS opened_at,
           maxIf(occurred_at, event_type = 'ExecutorFinished') AS executor_at,
           maxIf(occurred_at, event_type = 'VerdictReached') AS verdict_at,
           maxIf(occurred_at, event_type = 'AnswerDrafted') AS draft_at,
           maxIf(parseDateTime64BestEffortOrNull(JSONExtractString(payload, 'started_at'), 3, 'UTC'),
                 event_type = 'ExecutorFinished') AS investigate_started_at,
           maxIf(parseDateTime64BestEffortOrNull(JSONExtractString(payload, 'started_at'), 3, 'UTC'),
                 event_type = 'VerdictReached') AS verify_started_at,
           maxIf(parseDateTime64BestEffortOrNull(JSONExtractString(payload, 'started_at'), 3, 'UTC'),
                 event_type = 'AnswerDrafted') AS compose_started_at
    FROM gg_events FINAL GROUP BY session_id
) AS t ON t.session_id = o.session_id
LEFT JOIN (
    SELECT session_id, max(parseDateTime64BestEffortOrNull(JSONExtractString(state, 'deadline_at'), 3, 'UTC'))
           AS deadline_at
    FROM gg_session_snapshots FINAL GROUP BY session_id
) AS d ON d.session_id = o.session_id
LEFT JOIN (
    SELECT session_id, sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens, count() AS calls,
           countIf(status != 'ok') AS failed_calls,
           groupUniqArray(model) AS models, groupUniqArray(prompt_hash) AS prompt_hashes
    FROM gg_model_calls FINAL GROUP BY session_id
) AS c ON c.session_id = o.session_id
