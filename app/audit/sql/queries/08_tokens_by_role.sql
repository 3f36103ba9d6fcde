-- title: Tokens and cost by role and model
-- chart: table
SELECT u.role AS role, u.model AS model, length(u.c) AS calls, arraySum(x -> x.3, u.c) AS input_tokens,
       arraySum(x -> x.4, u.c) AS output_tokens, round(arrayAvg(x -> x.5, u.c), 1) AS avg_latency_ms,
       round(input_tokens / 1e6 * p.input_per_mtok + output_tokens / 1e6 * p.output_per_mtok, 4) AS cost_usd
FROM (
    SELECT role, model, groupUniqArrayMerge(calls) AS c
    FROM gg_model_usage
    WHERE hour >= toStartOfHour($__fromTime) AND hour <= $__toTime
    GROUP BY role, model
) AS u
LEFT JOIN (SELECT model, input_per_mtok, output_per_mtok FROM gg_model_prices FINAL) AS p ON p.model = u.model
ORDER BY role, model
