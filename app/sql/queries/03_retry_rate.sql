-- title: Retry rate, and how often the retry round helped
-- chart: table
SELECT
    count() AS sessions,
    countIf(o.rounds = 2) AS retried,
    round(countIf(o.rounds = 2) / count(), 3) AS retry_rate,
    countIf(o.rounds = 2 AND (o.verdict = 'PASS' OR o.score > r1.score)) AS retry_helped,
    round(if(countIf(o.rounds = 2) = 0, 0, countIf(o.rounds = 2 AND (o.verdict = 'PASS' OR o.score > r1.score))
        / countIf(o.rounds = 2)), 3) AS helped_rate
FROM (SELECT * FROM gg_outcomes FINAL) AS o
LEFT JOIN (
    SELECT session_id, JSONExtractFloat(any(payload), 'groundedness_score') AS score
    FROM gg_events FINAL WHERE event_type = 'VerdictReached' AND round = 1 GROUP BY session_id
) AS r1 ON r1.session_id = o.session_id
