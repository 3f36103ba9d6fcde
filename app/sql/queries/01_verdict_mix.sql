-- title: Verdict mix over time
-- chart: stacked
SELECT toStartOfMinute(answered_at) AS bucket, verdict, count() AS answers
FROM gg_outcomes FINAL
GROUP BY bucket, verdict
ORDER BY bucket, verdict
