-- title: Composer output status (fallback rate: of the sessions where the Composer ran)
-- chart: bar
-- x: composer_status
SELECT composer_status, uniqExactMerge(sessions) AS answers,
       round(answers / sum(answers) OVER (), 3) AS share,
       if(composer_status = 'not_called', nan,
          round(answers / sumIf(answers, composer_status != 'not_called') OVER (), 3)) AS share_of_composer_runs
FROM gg_outcome_counts
WHERE $__timeFilter(bucket)
GROUP BY composer_status
ORDER BY answers DESC, composer_status
