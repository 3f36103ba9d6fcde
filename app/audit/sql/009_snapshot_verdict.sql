-- A snapshot's verdict and score are the answer's once its session is answered (what the user got:
-- a session cut by its deadline after a PASS was answered REJECT 0.0), before that the latest
-- Verifier verdict, empty before any. The Verifier's own verdicts stay in the snapshot's state
-- (self_evaluation.verifier_evaluation) and in gg_events (VerdictReached). Answered snapshots stored
-- before this migration held the last Verifier verdict: they are rewritten from their answer.
ALTER TABLE gg_session_snapshots COMMENT COLUMN verdict 'the answer verdict once answered (what the user got), before that the latest Verifier verdict, empty before any';
ALTER TABLE gg_session_snapshots COMMENT COLUMN score 'the answer groundedness score once answered, before that the latest Verifier score';
ALTER TABLE gg_session_snapshots
    UPDATE verdict = JSONExtractString(state, 'answer', 'verdict'),
           score = JSONExtractFloat(state, 'answer', 'groundedness_score')
    WHERE stage = 'answered' AND JSONExtractString(state, 'answer', 'verdict') != ''
