-- title: Audit writer lag (messages not yet in ClickHouse)
-- chart: table
SELECT worker, argMax(lag_messages, at) AS lag_messages, max(rows_written) AS rows_written,
       max(at) AS last_report, argMax(last_error, at) AS last_error
FROM gg_audit_health
WHERE at > now64(3) - INTERVAL 1 DAY
GROUP BY worker
ORDER BY last_report DESC
