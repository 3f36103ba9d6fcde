-- title: Verdict mix over time
-- chart: stacked
SELECT toStartOfInterval(bucket, toIntervalSecond(greatest(60, $__interval_s))) AS time, verdict,
       uniqExactMerge(sessions) AS answers
FROM gg_outcome_counts
WHERE $__timeFilter(bucket)
GROUP BY time, verdict
ORDER BY time, verdict
