-- Prices per million tokens, filled by the operator; unknown models cost 0.
CREATE TABLE IF NOT EXISTS gg_model_prices (
    model            String,
    input_per_mtok   Float64,
    output_per_mtok  Float64
) ENGINE = ReplacingMergeTree
ORDER BY model;
