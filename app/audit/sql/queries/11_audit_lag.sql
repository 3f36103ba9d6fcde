-- title: Audit writer health: lag (messages not yet in ClickHouse), failures and skipped records
-- chart: table
SELECT worker, argMax(lag_messages, at) AS lag_messages, max(rows_written) AS rows_written,
       argMax(failing, at) AS failing, argMax(errors, at) AS errors, argMax(skipped, at) AS skipped,
       max(at) AS last_report, argMax(last_error, at) AS last_error
FROM gg_audit_health
WHERE $__timeFilter(at)
GROUP BY worker
ORDER BY last_report DESC
