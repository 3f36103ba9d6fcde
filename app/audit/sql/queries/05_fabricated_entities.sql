-- title: Top fabricated entities and Gatekeeper findings
-- chart: bar
-- x: entity
SELECT kind, if(entity = '', concat('(', kind, ')'), entity) AS entity,
       uniqExactMerge(findings) AS findings, uniqExactMerge(sessions) AS sessions
FROM gg_finding_counts
WHERE hour >= toStartOfHour($__fromTime) AND hour <= $__toTime
GROUP BY kind, entity
ORDER BY findings DESC, entity
LIMIT 20
