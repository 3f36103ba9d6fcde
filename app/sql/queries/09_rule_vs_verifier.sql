-- title: Rule evaluation vs Verifier agreement
-- chart: table
SELECT rule_band, verdict, count() AS verdicts,
       round(sumIf(count(), rule_band = verdict) OVER () / sum(count()) OVER (), 3) AS agreement
FROM (
    SELECT r.session_id, r.round,
           multiIf(r.rule_score >= 0.8, 'PASS', r.rule_score >= 0.5, 'LOW_CONFID', 'REJECT') AS rule_band,
           v.verdict AS verdict
    FROM (SELECT session_id, round, JSONExtractFloat(payload, 'rule_score') AS rule_score
          FROM gg_events FINAL WHERE event_type = 'RuleEvaluationRecorded') AS r
    INNER JOIN (SELECT session_id, round, JSONExtractString(payload, 'verdict') AS verdict
                FROM gg_events FINAL WHERE event_type = 'VerdictReached') AS v
        ON v.session_id = r.session_id AND v.round = r.round
)
GROUP BY rule_band, verdict
ORDER BY rule_band, verdict
