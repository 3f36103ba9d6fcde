"""The number of evidence rounds has one home (``events.models.MAX_ROUNDS``): a session whose every
round is weak runs that many rounds and no more, each extra round judging the claims the earlier
ones left unconfirmed. Changing the one line to 3 gives a third round, end to end through the
pure core and the stages (in a child interpreter, since the contract's bounds are fixed when its
classes are made)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from events.models import MAX_ROUNDS

ROOT = Path(__file__).resolve().parents[2]

SESSION = """
import json
from events.models import MAX_ROUNDS, VerdictReached
from tests.unit.factories import run_session, spy_on_verifier
from tests.unit.scripted import ScriptedExecutor, claim, inv, output, roles_with
from tests.unit.test_safety_net import ENOSPC, LOG, Q

ROTATION = "2026-11-29T09:41:00Z ingest-node-03 logrotate: rotation stopped on Monday"
weak = ([inv("i1", LOG)], output(claim("c1", ENOSPC, ("i1",)), claim("c2", "logrotate: rotation stopped on Monday"),
                                 claim("c3", "the retention job was disabled")))
# Every round but the last finds nothing new; the last one finds the rotation line.
rounds = {1: weak, MAX_ROUNDS: ([inv("j1", ROTATION)], output())} if MAX_ROUNDS > 1 else {1: weak}
roles = roles_with("offline", ScriptedExecutor(rounds))
seen = spy_on_verifier(roles)
log, state, answers = run_session(Q, roles=roles)
verdicts = [v for v in log if isinstance(v, VerdictReached)]
print(json.dumps({
    "max_rounds": MAX_ROUNDS,
    "verdict_rounds": [v.round for v in verdicts],
    "retries": [e.round for e in log if e.event_type == "RetryRequested"],
    "judged": [sorted(c["claim_id"] for c in s.executor_final_answer["claims"]) for s in seen],
    "last_labels": {f.claim_id: f.verification for f in verdicts[-1].facts_checked if f.claim_id},
    "answers": [(a.rounds, a.round, a.verdict) for a in answers],
    "final_answer": answers[0].final_answer if answers else "",
}))
"""


def run(max_rounds: int | None = None) -> dict:  # type: ignore[type-arg]
    """The session above, in a child interpreter; with ``max_rounds``, after changing the one line
    that says how many rounds there are (the module is made from its edited source)."""
    prelude = ""
    if max_rounds is not None:
        prelude = f"""
import importlib.util, sys
path = {str(ROOT / "events" / "models.py")!r}
source = open(path).read()
edited = source.replace("\\nMAX_ROUNDS = 2\\n", "\\nMAX_ROUNDS = {max_rounds}\\n", 1)
assert edited != source, "the one home of MAX_ROUNDS moved"
spec = importlib.util.spec_from_loader("events.models", loader=None, origin=path)
module = importlib.util.module_from_spec(spec)
sys.modules["events.models"] = module
exec(compile(edited, path, "exec"), module.__dict__)
"""
    done = subprocess.run([sys.executable, "-c", prelude + SESSION], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict = json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[type-arg]
    return result


def test_a_weak_session_runs_max_rounds_rounds_and_no_more() -> None:
    got = run()
    assert got["max_rounds"] == MAX_ROUNDS == 2
    assert got["verdict_rounds"] == [1, 2] and got["retries"] == [2]
    assert got["judged"][1] == ["r1:c2", "r1:c3"]
    assert got["answers"] == [[2, 2, "LOW_CONFID"]]


def test_max_rounds_set_to_three_gives_a_third_round_that_covers_every_earlier_claim() -> None:
    got = run(3)
    assert got["max_rounds"] == 3
    assert got["verdict_rounds"] == [1, 2, 3] and got["retries"] == [2, 3]
    # round 2 judges round 1's unconfirmed claims; round 3 judges them again, carried twice
    assert got["judged"][1] == ["r1:c2", "r1:c3"]
    assert got["judged"][2] == ["r2:r1:c2", "r2:r1:c3"]
    # round 3's evidence confirms the rotation claim of round 1; the retention claim stays a gap
    assert got["last_labels"]["r2:r1:c2"] == "direct_evidence"
    assert got["last_labels"]["r2:r1:c3"] == "no_evidence"
    [(rounds, round_, _verdict)] = got["answers"]
    assert rounds == round_ == 3
    assert "Not confirmed by the evidence: logrotate" not in got["final_answer"]
    assert "Not confirmed by the evidence: the [unverified] was [unverified]" in got["final_answer"]  # gap_terms
