-- title: Stuck sessions (should be 0)
-- chart: table
SELECT count() AS stuck_sessions, groupArray(10)(session_id) AS examples
FROM gg_session_snapshots FINAL
WHERE stage != 'answered' AND updated_at < now64(3) - INTERVAL 5 MINUTE
  AND session_id NOT IN (SELECT session_id FROM gg_outcomes)
