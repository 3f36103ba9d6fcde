-- Every model call, failed ones included: how many attempts it took and, for a call that failed
-- for good, the error's class and status (never the endpoint's text).
ALTER TABLE gg_model_calls ADD COLUMN IF NOT EXISTS attempts UInt16 DEFAULT 1;
ALTER TABLE gg_model_calls ADD COLUMN IF NOT EXISTS error LowCardinality(String) DEFAULT '';
