-- title: Stage latency p50 / p95 / p99 (ms) and deadline misses
-- chart: table
SELECT stage, round(quantileExact(0.5)(ms)) AS p50, round(quantileExact(0.95)(ms)) AS p95,
       round(quantileExact(0.99)(ms)) AS p99, count() AS sessions,
       (SELECT countIf(deadline_hit) FROM gg_query_outcomes) AS deadline_misses
FROM gg_query_outcomes
ARRAY JOIN ['investigate', 'verify', 'compose', 'total'] AS stage,
           [investigate_ms, verify_ms, compose_ms, total_ms] AS ms
WHERE ms >= 0
GROUP BY stage
ORDER BY indexOf(['investigate', 'verify', 'compose', 'total'], stage)
