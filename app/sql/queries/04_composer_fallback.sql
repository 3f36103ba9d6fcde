-- title: Composer output status (fallback rate)
-- chart: bar
SELECT composer_status, count() AS answers, round(count() / sum(count()) OVER (), 3) AS share
FROM gg_outcomes FINAL
GROUP BY composer_status
ORDER BY answers DESC
