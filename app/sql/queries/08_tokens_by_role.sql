-- title: Tokens and cost by role and model
-- chart: table
SELECT m.role AS role, m.model AS model, count() AS calls, sum(m.input_tokens) AS input_tokens,
       sum(m.output_tokens) AS output_tokens, round(avg(m.latency_ms), 1) AS avg_latency_ms,
       round(sum(m.input_tokens) / 1e6 * any(p.input_per_mtok) + sum(m.output_tokens) / 1e6 * any(p.output_per_mtok), 4)
           AS cost_usd
FROM gg_model_calls AS m FINAL
LEFT JOIN gg_model_prices AS p ON p.model = m.model
GROUP BY role, model
ORDER BY role, model
