-- title: Recent answers (open a session to review its claims, checks and evidence)
-- chart: sessions
SELECT session_id, verdict, score, rounds, composer_status, degraded_reason, answered_at,
       substring(original_query, 1, 120) AS question
FROM gg_outcomes FINAL
WHERE $__timeFilter(answered_at)
ORDER BY answered_at DESC, session_id
LIMIT 50
