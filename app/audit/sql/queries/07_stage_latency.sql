-- title: Stage latency p50 / p95 / p99 (ms), failed stages included; deadline misses (late or degraded by it) by the stage running when time ran out
-- chart: table
SELECT stage, round(quantileExact(0.5)(ms)) AS p50, round(quantileExact(0.95)(ms)) AS p95,
       round(quantileExact(0.99)(ms)) AS p99, count(ms) AS sessions,
       countIf(missed != '' AND stage IN (missed, 'total')) AS deadline_misses
FROM (
    SELECT *,
           multiIf(NOT miss, '',
                   investigated IS NULL OR ran_out <= investigated OR (retried <= ran_out AND investigated < retried),
                   'investigate',
                   verified IS NULL OR ran_out <= verified OR verified < investigated, 'verify',
                   'compose') AS missed
    FROM (
        SELECT *, degraded = 'deadline' OR (deadline IS NOT NULL AND answered > deadline) AS miss,
               if(deadline IS NOT NULL AND answered > deadline, deadline, coalesce(cut, answered)) AS ran_out
        FROM (
            SELECT session_id, min(opened_at) AS opened, max(investigate_end_at) AS investigated,
                   max(verify_end_at) AS verified, max(compose_end_at) AS composed, max(retry_at) AS retried,
                   min(cut_at) AS cut, max(answered_at) AS answered, max(degraded_reason) AS degraded,
                   max(deadline_at) AS deadline
            FROM gg_session_rollup
            WHERE hour >= toStartOfHour($__fromTime) - INTERVAL 1 HOUR AND hour <= $__toTime
            GROUP BY session_id
            HAVING answered >= $__fromTime AND answered <= $__toTime
        )
    )
)
ARRAY JOIN ['investigate', 'verify', 'compose', 'total'] AS stage,
           [dateDiff('millisecond', opened, investigated),
            if(verified >= investigated, dateDiff('millisecond', investigated, verified), NULL),
            if(composed >= verified, dateDiff('millisecond', verified, composed), NULL),
            dateDiff('millisecond', opened, answered)] AS ms
GROUP BY stage
ORDER BY indexOf(['investigate', 'verify', 'compose', 'total'], stage)
