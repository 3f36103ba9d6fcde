-- How each model call ended: ok, timeout, unusable (its error starts with the reason), refused
-- (4xx) or error (unreachable, 429, 5xx). Rows stored before this migration were written only for
-- calls that succeeded or failed for good: an empty error is ok, any other a failure.
ALTER TABLE gg_model_calls ADD COLUMN IF NOT EXISTS status LowCardinality(String) DEFAULT if(error = '', 'ok', 'error');
