-- title: Failing tools
-- chart: table
SELECT c.tool_name AS tool_name, count() AS calls, countIf(NOT c.success) AS failures,
       round(countIf(NOT c.success) / count(), 3) AS failure_rate,
       round(avg(c.duration_ms), 1) AS avg_ms
FROM gg_tool_calls AS c FINAL
GROUP BY tool_name
ORDER BY failures DESC, calls DESC
