-- title: Stuck sessions: opened, unanswered, no progress for 5 minutes (should be 0)
-- chart: table
SELECT count() AS stuck_sessions, groupArray(10)(session_id) AS examples
FROM (
    SELECT session_id, min(opened_at) AS opened, max(answered_at) AS answered, max(last_at) AS last
    FROM gg_session_rollup
    WHERE hour >= toStartOfHour($__fromTime) - INTERVAL 1 HOUR
    GROUP BY session_id
    HAVING opened IS NOT NULL AND answered IS NULL AND last >= $__fromTime AND last <= $__toTime
       AND last < now64(3) - INTERVAL 5 MINUTE
)
