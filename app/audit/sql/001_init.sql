-- Layout after Langfuse's traces/observations/scores: ReplacingMergeTree (redelivery replaces
-- a row instead of double-counting), monthly partitions, a sort key led by the day and a
-- low-cardinality dimension (what dashboards filter on), and bloom-filter skip indexes on the
-- ids that audits look up (session_id, event_id).

-- Raw event log: every event of every topic, for replay and forensics (dedup by event_id).
CREATE TABLE IF NOT EXISTS gg_events (
    event_id     String,
    event_type   LowCardinality(String),
    session_id   String,
    round        UInt8,
    occurred_at  DateTime64(3, 'UTC'),
    topic        LowCardinality(String),
    payload      String CODEC(ZSTD(3)),
    INDEX idx_session session_id TYPE bloom_filter(0.001) GRANULARITY 1,
    INDEX idx_event event_id TYPE bloom_filter(0.001) GRANULARITY 1
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (toDate(occurred_at), event_type, session_id, event_id);

-- The folded diagnosis_session, latest version wins.
CREATE TABLE IF NOT EXISTS gg_session_snapshots (
    session_id   String,
    version      UInt32,
    stage        LowCardinality(String),
    round        UInt8,
    verdict      LowCardinality(String),
    score        Float64,
    updated_at   DateTime64(3, 'UTC'),
    state        String CODEC(ZSTD(3))
) ENGINE = ReplacingMergeTree(version)
ORDER BY session_id;

-- One row per answered query.
CREATE TABLE IF NOT EXISTS gg_outcomes (
    session_id       String,
    event_id         String,
    verdict          LowCardinality(String),
    score            Float64,
    rounds           UInt8,
    composer_status  LowCardinality(String),
    degraded_reason  LowCardinality(String),
    answered_at      DateTime64(3, 'UTC'),
    original_query   String,
    final_answer     String CODEC(ZSTD(3)),
    INDEX idx_session session_id TYPE bloom_filter(0.001) GRANULARITY 1
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(answered_at)
ORDER BY (toDate(answered_at), verdict, session_id);
