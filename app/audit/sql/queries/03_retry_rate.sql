-- title: Retry rate, and how often the retry round helped
-- chart: table
SELECT
    count() AS sessions,
    countIf(rounds = 2) AS retried,
    round(retried / count(), 3) AS retry_rate,
    countIf(rounds = 2 AND (verdict = 'PASS' OR score > ifNull(score_1, 0))) AS retry_helped,
    round(if(retried = 0, 0, retry_helped / retried), 3) AS helped_rate
FROM (
    SELECT session_id, max(answered_at) AS answered, max(rounds) AS rounds, max(verdict) AS verdict,
           max(score) AS score, max(score_1) AS score_1
    FROM gg_session_rollup
    WHERE hour >= toStartOfHour($__fromTime) - INTERVAL 1 HOUR AND hour <= $__toTime
    GROUP BY session_id
    HAVING answered >= $__fromTime AND answered <= $__toTime
)
