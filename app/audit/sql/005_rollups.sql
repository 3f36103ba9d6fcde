-- Pre-aggregated tables for the dashboards, fed by materialized views: a panel reads the rows of
-- its time window only, so its cost grows with the window, not with the history.
-- Every aggregate state is idempotent (uniqExact and sets of ids, min/max): the audit is
-- at-least-once, and a batch written twice must never count twice.
-- Each block: the table, the view(s) that feed it, then a backfill from the rows stored before
-- this migration (harmless if run again: the states are idempotent).

-- Answers per minute by verdict, rounds, composer status, degraded reason and score decile.
CREATE TABLE IF NOT EXISTS gg_outcome_counts (
    bucket           DateTime('UTC'),
    verdict          LowCardinality(String),
    rounds           UInt8,
    composer_status  LowCardinality(String),
    degraded_reason  LowCardinality(String),
    score_bucket     Float64,
    sessions         AggregateFunction(uniqExact, String)
) ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(bucket)
ORDER BY (bucket, verdict, rounds, composer_status, degraded_reason, score_bucket);

CREATE MATERIALIZED VIEW IF NOT EXISTS gg_outcome_counts_mv TO gg_outcome_counts AS
SELECT toStartOfMinute(answered_at) AS bucket, verdict, rounds, composer_status, degraded_reason,
       floor(score * 10) / 10 AS score_bucket, uniqExactState(session_id) AS sessions
FROM gg_outcomes
GROUP BY bucket, verdict, rounds, composer_status, degraded_reason, score_bucket;

INSERT INTO gg_outcome_counts
SELECT toStartOfMinute(answered_at) AS bucket, verdict, rounds, composer_status, degraded_reason,
       floor(score * 10) / 10 AS score_bucket, uniqExactState(session_id) AS sessions
FROM gg_outcomes
GROUP BY bucket, verdict, rounds, composer_status, degraded_reason, score_bucket;

-- One row per session and hour of activity: stage times, the outcome, and per round the rule
-- score and the Verifier's verdict. A session that spans an hour boundary has two rows; queries
-- group by session_id over the window's hours (plus one before it).
CREATE TABLE IF NOT EXISTS gg_session_rollup (
    hour             DateTime('UTC'),
    session_id       String,
    opened_at        SimpleAggregateFunction(min, Nullable(DateTime64(3, 'UTC'))),
    executor_at      SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC'))),
    verdict_at       SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC'))),
    draft_at         SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC'))),
    answered_at      SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC'))),
    last_at          SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC'))),
    verdict          SimpleAggregateFunction(max, Nullable(String)),
    score            SimpleAggregateFunction(max, Nullable(Float64)),
    rounds           SimpleAggregateFunction(max, Nullable(UInt8)),
    composer_status  SimpleAggregateFunction(max, Nullable(String)),
    degraded_reason  SimpleAggregateFunction(max, Nullable(String)),
    score_1          SimpleAggregateFunction(max, Nullable(Float64)),
    verdict_1        SimpleAggregateFunction(max, Nullable(String)),
    verdict_2        SimpleAggregateFunction(max, Nullable(String)),
    rule_score_1     SimpleAggregateFunction(max, Nullable(Float64)),
    rule_score_2     SimpleAggregateFunction(max, Nullable(Float64))
) ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (hour, session_id);

-- Stage times from every event (no payload read).
CREATE MATERIALIZED VIEW IF NOT EXISTS gg_session_rollup_times_mv TO gg_session_rollup AS
SELECT toStartOfHour(occurred_at) AS hour, session_id,
       minOrNullIf(occurred_at, event_type IN ('QueryReceived', 'ExecutorFinished')) AS opened_at,
       maxOrNullIf(occurred_at, event_type = 'ExecutorFinished') AS executor_at,
       maxOrNullIf(occurred_at, event_type = 'VerdictReached') AS verdict_at,
       maxOrNullIf(occurred_at, event_type = 'AnswerDrafted') AS draft_at,
       maxOrNullIf(occurred_at, event_type = 'AnswerComposed') AS answered_at,
       maxOrNullIf(occurred_at, event_type != 'DeadLettered') AS last_at
FROM gg_events
GROUP BY hour, session_id;

-- The Verifier's verdict and score per round (only VerdictReached payloads are read).
CREATE MATERIALIZED VIEW IF NOT EXISTS gg_session_rollup_verdicts_mv TO gg_session_rollup AS
SELECT toStartOfHour(occurred_at) AS hour, session_id,
       maxOrNullIf(JSONExtractFloat(payload, 'groundedness_score'), round = 1) AS score_1,
       maxOrNullIf(JSONExtractString(payload, 'verdict'), round = 1) AS verdict_1,
       maxOrNullIf(JSONExtractString(payload, 'verdict'), round = 2) AS verdict_2
FROM gg_events
WHERE event_type = 'VerdictReached'
GROUP BY hour, session_id;

-- The rule evaluation's score per round (only RuleEvaluationRecorded payloads are read).
CREATE MATERIALIZED VIEW IF NOT EXISTS gg_session_rollup_rules_mv TO gg_session_rollup AS
SELECT toStartOfHour(occurred_at) AS hour, session_id,
       maxOrNullIf(JSONExtractFloat(payload, 'rule_score'), round = 1) AS rule_score_1,
       maxOrNullIf(JSONExtractFloat(payload, 'rule_score'), round = 2) AS rule_score_2
FROM gg_events
WHERE event_type = 'RuleEvaluationRecorded'
GROUP BY hour, session_id;

-- The outcome, from its own table's columns.
CREATE MATERIALIZED VIEW IF NOT EXISTS gg_session_rollup_outcomes_mv TO gg_session_rollup AS
SELECT toStartOfHour(at) AS hour, session_id, max(toNullable(at)) AS answered_at, max(toNullable(v)) AS verdict,
       max(toNullable(s)) AS score, max(toNullable(r)) AS rounds, max(toNullable(cs)) AS composer_status,
       max(toNullable(dr)) AS degraded_reason
FROM (SELECT session_id, answered_at AS at, toString(verdict) AS v, score AS s, rounds AS r,
             toString(composer_status) AS cs, toString(degraded_reason) AS dr FROM gg_outcomes)
GROUP BY hour, session_id;

INSERT INTO gg_session_rollup (hour, session_id, opened_at, executor_at, verdict_at, draft_at, answered_at, last_at)
SELECT toStartOfHour(occurred_at) AS hour, session_id,
       minOrNullIf(occurred_at, event_type IN ('QueryReceived', 'ExecutorFinished')) AS opened_at,
       maxOrNullIf(occurred_at, event_type = 'ExecutorFinished') AS executor_at,
       maxOrNullIf(occurred_at, event_type = 'VerdictReached') AS verdict_at,
       maxOrNullIf(occurred_at, event_type = 'AnswerDrafted') AS draft_at,
       maxOrNullIf(occurred_at, event_type = 'AnswerComposed') AS answered_at,
       maxOrNullIf(occurred_at, event_type != 'DeadLettered') AS last_at
FROM gg_events
GROUP BY hour, session_id;

INSERT INTO gg_session_rollup (hour, session_id, score_1, verdict_1, verdict_2)
SELECT toStartOfHour(occurred_at) AS hour, session_id,
       maxOrNullIf(JSONExtractFloat(payload, 'groundedness_score'), round = 1) AS score_1,
       maxOrNullIf(JSONExtractString(payload, 'verdict'), round = 1) AS verdict_1,
       maxOrNullIf(JSONExtractString(payload, 'verdict'), round = 2) AS verdict_2
FROM gg_events
WHERE event_type = 'VerdictReached'
GROUP BY hour, session_id;

INSERT INTO gg_session_rollup (hour, session_id, rule_score_1, rule_score_2)
SELECT toStartOfHour(occurred_at) AS hour, session_id,
       maxOrNullIf(JSONExtractFloat(payload, 'rule_score'), round = 1) AS rule_score_1,
       maxOrNullIf(JSONExtractFloat(payload, 'rule_score'), round = 2) AS rule_score_2
FROM gg_events
WHERE event_type = 'RuleEvaluationRecorded'
GROUP BY hour, session_id;

INSERT INTO gg_session_rollup (hour, session_id, answered_at, verdict, score, rounds, composer_status, degraded_reason)
SELECT toStartOfHour(at) AS hour, session_id, max(toNullable(at)) AS answered_at, max(toNullable(v)) AS verdict,
       max(toNullable(s)) AS score, max(toNullable(r)) AS rounds, max(toNullable(cs)) AS composer_status,
       max(toNullable(dr)) AS degraded_reason
FROM (SELECT session_id, answered_at AS at, toString(verdict) AS v, score AS s, rounds AS r,
             toString(composer_status) AS cs, toString(degraded_reason) AS dr FROM gg_outcomes)
GROUP BY hour, session_id;

-- Model calls per hour, role and model: the set of calls (so a call written twice counts once),
-- summed when read.
CREATE TABLE IF NOT EXISTS gg_model_usage (
    hour   DateTime('UTC'),
    role   LowCardinality(String),
    model  LowCardinality(String),
    calls  AggregateFunction(groupUniqArray, Tuple(String, UInt16, UInt32, UInt32, Float64))
) ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (hour, role, model)
-- a few rows an hour, each a set of calls: small granules, so a window reads its own hours only
SETTINGS index_granularity = 64;

CREATE MATERIALIZED VIEW IF NOT EXISTS gg_model_usage_mv TO gg_model_usage AS
SELECT toStartOfHour(occurred_at) AS hour, role, model,
       groupUniqArrayState((event_id, call_index, input_tokens, output_tokens, latency_ms)) AS calls
FROM gg_model_calls
GROUP BY hour, role, model;

INSERT INTO gg_model_usage
SELECT toStartOfHour(occurred_at) AS hour, role, model,
       groupUniqArrayState((event_id, call_index, input_tokens, output_tokens, latency_ms)) AS calls
FROM gg_model_calls
GROUP BY hour, role, model;

-- Tool invocations per hour and tool: the set of (invocation, success, duration).
CREATE TABLE IF NOT EXISTS gg_tool_usage (
    hour       DateTime('UTC'),
    tool_name  LowCardinality(String),
    calls      AggregateFunction(groupUniqArray, Tuple(String, Bool, Float64))
) ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (hour, tool_name)
-- a few rows an hour, each a set of calls: small granules, so a window reads its own hours only
SETTINGS index_granularity = 64;

CREATE MATERIALIZED VIEW IF NOT EXISTS gg_tool_usage_mv TO gg_tool_usage AS
SELECT toStartOfHour(occurred_at) AS hour, tool_name,
       groupUniqArrayState((invocation_id, success, duration_ms)) AS calls
FROM gg_tool_calls
GROUP BY hour, tool_name;

INSERT INTO gg_tool_usage
SELECT toStartOfHour(occurred_at) AS hour, tool_name,
       groupUniqArrayState((invocation_id, success, duration_ms)) AS calls
FROM gg_tool_calls
GROUP BY hour, tool_name;

-- Gatekeeper findings per hour, kind and entity.
CREATE TABLE IF NOT EXISTS gg_finding_counts (
    hour      DateTime('UTC'),
    kind      LowCardinality(String),
    entity    String,
    findings  AggregateFunction(uniqExact, String, UInt16),
    sessions  AggregateFunction(uniqExact, String)
) ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (hour, kind, entity);

CREATE MATERIALIZED VIEW IF NOT EXISTS gg_finding_counts_mv TO gg_finding_counts AS
SELECT toStartOfHour(occurred_at) AS hour, kind, entity,
       uniqExactState(verdict_event_id, finding_index) AS findings, uniqExactState(session_id) AS sessions
FROM gg_findings
GROUP BY hour, kind, entity;

INSERT INTO gg_finding_counts
SELECT toStartOfHour(occurred_at) AS hour, kind, entity,
       uniqExactState(verdict_event_id, finding_index) AS findings, uniqExactState(session_id) AS sessions
FROM gg_findings
GROUP BY hour, kind, entity;

-- The audit writer's health says when it is failing, and how often it failed or skipped a record;
-- it is kept for 30 days.
ALTER TABLE gg_audit_health ADD COLUMN IF NOT EXISTS failing Bool DEFAULT false;
ALTER TABLE gg_audit_health ADD COLUMN IF NOT EXISTS errors UInt64 DEFAULT 0;
ALTER TABLE gg_audit_health ADD COLUMN IF NOT EXISTS skipped UInt64 DEFAULT 0;
ALTER TABLE gg_audit_health MODIFY TTL toDateTime(at) + INTERVAL 30 DAY
