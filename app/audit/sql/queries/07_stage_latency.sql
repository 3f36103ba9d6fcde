-- title: Stage latency p50 / p95 / p99 (ms) and deadline misses (answered after the deadline, or degraded by it)
-- chart: table
SELECT stage, round(quantileExact(0.5)(ms)) AS p50, round(quantileExact(0.95)(ms)) AS p95,
       round(quantileExact(0.99)(ms)) AS p99, count() AS sessions, any(misses) AS deadline_misses
FROM (
    SELECT *, countIf(degraded = 'deadline' OR (deadline IS NOT NULL AND answered > deadline)) OVER () AS misses
    FROM (
        SELECT session_id, min(opened_at) AS opened, max(executor_at) AS executed, max(verdict_at) AS verified,
               max(draft_at) AS drafted, max(answered_at) AS answered, max(degraded_reason) AS degraded,
               max(deadline_at) AS deadline
        FROM gg_session_rollup
        WHERE hour >= toStartOfHour($__fromTime) - INTERVAL 1 HOUR AND hour <= $__toTime
        GROUP BY session_id
        HAVING answered >= $__fromTime AND answered <= $__toTime
    )
)
ARRAY JOIN ['investigate', 'verify', 'compose', 'total'] AS stage,
           [dateDiff('millisecond', opened, executed), dateDiff('millisecond', executed, verified),
            dateDiff('millisecond', verified, drafted), dateDiff('millisecond', opened, answered)] AS ms
WHERE ms >= 0
GROUP BY stage
ORDER BY indexOf(['investigate', 'verify', 'compose', 'total'], stage)
