-- Per-fact rows: each fact a Verifier checked, with its label and evidence references.
CREATE TABLE IF NOT EXISTS gg_facts (
    verdict_event_id       String,
    fact_index             UInt16,
    session_id             String,
    round                  UInt8,
    claim_id               String,
    fact                   String,
    is_critical            Bool,
    verification           LowCardinality(String),
    evidence_refs          Array(String),
    source_invocation_ids  Array(String),
    occurred_at            DateTime64(3, 'UTC'),
    INDEX idx_session session_id TYPE bloom_filter(0.001) GRANULARITY 1
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (toDate(occurred_at), verification, verdict_event_id, fact_index);

-- The tool_trace_summary snapshot each verdict used.
CREATE TABLE IF NOT EXISTS gg_trace_items (
    verdict_event_id       String,
    trace_ref              String,
    session_id             String,
    round                  UInt8,
    tool_name              LowCardinality(String),
    success                Bool,
    evidence_level         LowCardinality(String),
    source_invocation_ids  Array(String),
    repeated_calls         UInt16,
    failed_calls           UInt16,
    no_hit_calls           UInt16,
    raw_output_chars       UInt64,
    occurred_at            DateTime64(3, 'UTC'),
    INDEX idx_session session_id TYPE bloom_filter(0.001) GRANULARITY 1
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (toDate(occurred_at), tool_name, verdict_event_id, trace_ref);

-- Gatekeeper findings (fabricated entities, contradicted values, bad references).
CREATE TABLE IF NOT EXISTS gg_findings (
    verdict_event_id  String,
    finding_index     UInt16,
    session_id        String,
    round             UInt8,
    kind              LowCardinality(String),
    claim_id          String,
    entity            String,
    detail            String,
    occurred_at       DateTime64(3, 'UTC'),
    INDEX idx_session session_id TYPE bloom_filter(0.001) GRANULARITY 1
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (toDate(occurred_at), kind, verdict_event_id, finding_index);

-- Every tool invocation: what a verdict's source_invocation_ids join to.
CREATE TABLE IF NOT EXISTS gg_tool_calls (
    invocation_id  String,
    session_id     String,
    round          UInt8,
    tool_name      LowCardinality(String),
    success        Bool,
    error          String,
    arguments      String,
    output_chars   UInt64,
    duration_ms    Float64,
    occurred_at    DateTime64(3, 'UTC'),
    INDEX idx_session session_id TYPE bloom_filter(0.001) GRANULARITY 1,
    INDEX idx_invocation invocation_id TYPE bloom_filter(0.001) GRANULARITY 1
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (toDate(occurred_at), tool_name, invocation_id);

-- The audit writer's own health: its lag behind the topics, written while the store is up.
CREATE TABLE IF NOT EXISTS gg_audit_health (
    at            DateTime64(3, 'UTC'),
    worker        String,
    lag_messages  UInt64,
    rows_written  UInt64,
    last_error    String
) ENGINE = MergeTree
ORDER BY at;

-- One row per query outcome, with stage latencies, tokens, models, prompt hashes and deadline hit.
CREATE OR REPLACE VIEW gg_query_outcomes AS
SELECT
    o.session_id AS session_id, o.verdict AS verdict, o.score AS score, o.rounds AS rounds,
    o.composer_status AS composer_status, o.degraded_reason AS degraded_reason,
    o.degraded_reason = 'deadline' AS deadline_hit, o.answered_at AS answered_at,
    t.opened_at AS opened_at,
    dateDiff('millisecond', t.opened_at, t.executor_at) AS investigate_ms,
    dateDiff('millisecond', t.executor_at, t.verdict_at) AS verify_ms,
    dateDiff('millisecond', t.verdict_at, t.draft_at) AS compose_ms,
    dateDiff('millisecond', t.opened_at, o.answered_at) AS total_ms,
    c.input_tokens AS input_tokens, c.output_tokens AS output_tokens, c.models AS models,
    c.prompt_hashes AS prompt_hashes
FROM (SELECT * FROM gg_outcomes FINAL) AS o
LEFT JOIN (
    SELECT session_id,
           minIf(occurred_at, event_type IN ('QueryReceived', 'ExecutorFinished')) AS opened_at,
           maxIf(occurred_at, event_type = 'ExecutorFinished') AS executor_at,
           maxIf(occurred_at, event_type = 'VerdictReached') AS verdict_at,
           maxIf(occurred_at, event_type = 'AnswerDrafted') AS draft_at
    FROM gg_events FINAL GROUP BY session_id
) AS t ON t.session_id = o.session_id
LEFT JOIN (
    SELECT session_id, sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens,
           groupUniqArray(model) AS models, groupUniqArray(prompt_hash) AS prompt_hashes
    FROM gg_model_calls FINAL GROUP BY session_id
) AS c ON c.session_id = o.session_id;
