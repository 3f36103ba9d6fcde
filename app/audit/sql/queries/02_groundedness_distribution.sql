-- title: Groundedness score distribution
-- chart: bar
-- x: score
SELECT if(score_bucket >= 1, '1.0', concat(toString(toDecimal32(score_bucket, 1)), '–',
                                            toString(toDecimal32(score_bucket + 0.1, 1)))) AS score,
       uniqExactMerge(sessions) AS answers
FROM gg_outcome_counts
WHERE $__timeFilter(bucket) AND degraded_reason = ''
GROUP BY score
ORDER BY score
