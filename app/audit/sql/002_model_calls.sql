-- One row per model call: tokens, latency, model and prompt hash, for cost and latency charts.
CREATE TABLE IF NOT EXISTS gg_model_calls (
    event_id       String,
    call_index     UInt16,
    session_id     String,
    round          UInt8,
    role           LowCardinality(String),
    model          LowCardinality(String),
    prompt_hash    LowCardinality(String),
    input_tokens   UInt32,
    output_tokens  UInt32,
    latency_ms     Float64,
    occurred_at    DateTime64(3, 'UTC'),
    INDEX idx_session session_id TYPE bloom_filter(0.001) GRANULARITY 1
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (toDate(occurred_at), role, model, event_id, call_index);
