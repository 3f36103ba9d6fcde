-- title: Rule evaluation vs Verifier agreement
-- chart: table
SELECT rule_band, verdict, count() AS verdicts,
       round(sumIf(count(), rule_band = verdict) OVER () / sum(count()) OVER (), 3) AS agreement
FROM (
    SELECT multiIf(rule >= 0.8, 'PASS', rule >= 0.5, 'LOW_CONFID', 'REJECT') AS rule_band,
           assumeNotNull(v) AS verdict
    FROM (
        SELECT session_id, max(rule_score_1) AS rule_1, max(rule_score_2) AS rule_2,
               max(verdict_1) AS v_1, max(verdict_2) AS v_2
        FROM gg_session_rollup
        WHERE hour >= toStartOfHour($__fromTime) AND hour <= $__toTime
        GROUP BY session_id
    )
    ARRAY JOIN [rule_1, rule_2] AS rule, [v_1, v_2] AS v
    WHERE rule IS NOT NULL AND v IS NOT NULL
)
GROUP BY rule_band, verdict
ORDER BY rule_band, verdict
