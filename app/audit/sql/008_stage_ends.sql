-- When each stage ended, failures included, and NULL where a time is not known (never 1970).
-- A stage ends with its result (ExecutorFinished, VerdictReached, AnswerDrafted) or with the
-- StageFailed that names it: a failed stage took time too, and the latency panel counts it. A
-- session that never ended a stage, or never opened with a query (a message that could not be
-- read), has no time for it. `cut_at` is when a stage first gave up for lack of time (a StageFailed
-- with reason deadline, a Verifier out of time) and `retry_at` when the second round began: with
-- the stage ends they tell which stage was running when a session's time ran out.
ALTER TABLE gg_session_rollup ADD COLUMN IF NOT EXISTS investigate_end_at SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC')));
ALTER TABLE gg_session_rollup ADD COLUMN IF NOT EXISTS verify_end_at SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC')));
ALTER TABLE gg_session_rollup ADD COLUMN IF NOT EXISTS compose_end_at SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC')));
ALTER TABLE gg_session_rollup ADD COLUMN IF NOT EXISTS retry_at SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC')));
ALTER TABLE gg_session_rollup ADD COLUMN IF NOT EXISTS cut_at SimpleAggregateFunction(min, Nullable(DateTime64(3, 'UTC')));

CREATE MATERIALIZED VIEW IF NOT EXISTS gg_session_rollup_stage_ends_mv TO gg_session_rollup AS
SELECT toStartOfHour(occurred_at) AS hour, session_id,
       maxOrNullIf(occurred_at, event_type = 'ExecutorFinished'
                   OR (event_type = 'StageFailed' AND JSONExtractString(payload, 'stage') = 'investigate')) AS investigate_end_at,
       maxOrNullIf(occurred_at, event_type = 'VerdictReached'
                   OR (event_type = 'StageFailed' AND JSONExtractString(payload, 'stage') = 'verify')) AS verify_end_at,
       maxOrNullIf(occurred_at, event_type = 'AnswerDrafted'
                   OR (event_type = 'StageFailed' AND JSONExtractString(payload, 'stage') = 'compose')) AS compose_end_at,
       maxOrNullIf(occurred_at, event_type = 'RetryRequested') AS retry_at,
       minOrNullIf(occurred_at, (event_type = 'StageFailed' AND JSONExtractString(payload, 'reason') = 'deadline')
                   OR (event_type = 'VerdictReached'
                       AND JSONExtractString(payload, 'verifier_status') = 'deadline_exceeded')) AS cut_at
FROM gg_events
WHERE event_type IN ('ExecutorFinished', 'VerdictReached', 'AnswerDrafted', 'StageFailed', 'RetryRequested')
GROUP BY hour, session_id;

INSERT INTO gg_session_rollup (hour, session_id, investigate_end_at, verify_end_at, compose_end_at, retry_at, cut_at)
SELECT toStartOfHour(occurred_at) AS hour, session_id,
       maxOrNullIf(occurred_at, event_type = 'ExecutorFinished'
                   OR (event_type = 'StageFailed' AND JSONExtractString(payload, 'stage') = 'investigate')) AS investigate_end_at,
       maxOrNullIf(occurred_at, event_type = 'VerdictReached'
                   OR (event_type = 'StageFailed' AND JSONExtractString(payload, 'stage') = 'verify')) AS verify_end_at,
       maxOrNullIf(occurred_at, event_type = 'AnswerDrafted'
                   OR (event_type = 'StageFailed' AND JSONExtractString(payload, 'stage') = 'compose')) AS compose_end_at,
       maxOrNullIf(occurred_at, event_type = 'RetryRequested') AS retry_at,
       minOrNullIf(occurred_at, (event_type = 'StageFailed' AND JSONExtractString(payload, 'reason') = 'deadline')
                   OR (event_type = 'VerdictReached'
                       AND JSONExtractString(payload, 'verifier_status') = 'deadline_exceeded')) AS cut_at
FROM gg_events
WHERE event_type IN ('ExecutorFinished', 'VerdictReached', 'AnswerDrafted', 'StageFailed', 'RetryRequested')
GROUP BY hour, session_id;

-- One row per query outcome, its stage times as above: a stage's time runs from the end of the
-- stage before it (the session's opening for the first) to its own end, and is NULL when either
-- is unknown or the stage did not run after the one before it (a second round's investigate that
-- failed after the first round's verify). The work times run from a stage's own start (its
-- result's started_at) to its result.
CREATE OR REPLACE VIEW gg_query_outcomes AS
SELECT
    o.session_id AS session_id, o.verdict AS verdict, o.score AS score, o.rounds AS rounds,
    o.composer_status AS composer_status, o.degraded_reason AS degraded_reason,
    o.degraded_reason = 'deadline' OR (d.deadline_at IS NOT NULL AND o.answered_at > d.deadline_at) AS deadline_hit,
    o.answered_at AS answered_at, d.deadline_at AS deadline_at,
    dateDiff('millisecond', d.deadline_at, o.answered_at) AS past_deadline_ms,
    t.opened_at AS opened_at,
    dateDiff('millisecond', t.opened_at, t.investigate_end_at) AS investigate_ms,
    if(t.verify_end_at >= t.investigate_end_at, dateDiff('millisecond', t.investigate_end_at, t.verify_end_at),
       NULL) AS verify_ms,
    if(t.compose_end_at >= t.verify_end_at, dateDiff('millisecond', t.verify_end_at, t.compose_end_at),
       NULL) AS compose_ms,
    dateDiff('millisecond', t.investigate_started_at, t.executor_at) AS investigate_work_ms,
    dateDiff('millisecond', t.verify_started_at, t.verdict_at) AS verify_work_ms,
    dateDiff('millisecond', t.compose_started_at, t.draft_at) AS compose_work_ms,
    dateDiff('millisecond', t.opened_at, o.answered_at) AS total_ms,
    t.failed_stages AS failed_stages,
    c.input_tokens AS input_tokens, c.output_tokens AS output_tokens, c.calls AS model_calls,
    c.failed_calls AS failed_model_calls, c.models AS models, c.prompt_hashes AS prompt_hashes
FROM (SELECT * FROM gg_outcomes FINAL) AS o
LEFT JOIN (
    SELECT session_id,
           minOrNullIf(occurred_at, event_type IN ('QueryReceived', 'ExecutorFinished')) AS opened_at,
           maxOrNullIf(occurred_at, event_type = 'ExecutorFinished') AS executor_at,
           maxOrNullIf(occurred_at, event_type = 'VerdictReached') AS verdict_at,
           maxOrNullIf(occurred_at, event_type = 'AnswerDrafted') AS draft_at,
           maxOrNullIf(occurred_at, event_type = 'ExecutorFinished'
                       OR (event_type = 'StageFailed' AND JSONExtractString(payload, 'stage') = 'investigate'))
               AS investigate_end_at,
           maxOrNullIf(occurred_at, event_type = 'VerdictReached'
                       OR (event_type = 'StageFailed' AND JSONExtractString(payload, 'stage') = 'verify'))
               AS verify_end_at,
           maxOrNullIf(occurred_at, event_type = 'AnswerDrafted'
                       OR (event_type = 'StageFailed' AND JSONExtractString(payload, 'stage') = 'compose'))
               AS compose_end_at,
           groupUniqArrayIf(JSONExtractString(payload, 'stage'), event_type = 'StageFailed') AS failed_stages,
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
