-- title: Groundedness score distribution
-- chart: bar
SELECT score_bucket, uniqExactMerge(sessions) AS answers
FROM gg_outcome_counts
WHERE $__timeFilter(bucket) AND degraded_reason = ''
GROUP BY score_bucket
ORDER BY score_bucket
