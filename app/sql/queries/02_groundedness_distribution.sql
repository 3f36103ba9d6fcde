-- title: Groundedness score distribution
-- chart: bar
SELECT floor(score * 10) / 10 AS score_bucket, count() AS answers
FROM gg_outcomes FINAL
WHERE degraded_reason = ''
GROUP BY score_bucket
ORDER BY score_bucket
