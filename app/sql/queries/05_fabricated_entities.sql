-- title: Top fabricated entities and Gatekeeper findings
-- chart: bar
SELECT kind, entity, count() AS findings, uniqExact(session_id) AS sessions
FROM gg_findings FINAL
GROUP BY kind, entity
ORDER BY findings DESC, entity
LIMIT 20
