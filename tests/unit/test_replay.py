"""``groundgate replay`` on the ClickHouse engine: stored verdicts under another policy or Verifier."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.audit.replay import _rows, replay_policy, replay_verifier
from app.audit.store import AuditStore
from app.domain.scoring import Policy
from app.roles.llm import ModelClient, RoleConfig
from app.roles.model import ModelVerifier
from events import to_dict
from tests.replay import Replay, completion
from tests.unit.factories import offline_roles, run_session

QUESTIONS = {"pass": "Why do payments-api pods keep restarting with exit code 137?",
             "low": "Why do clients get x509 certificate has expired errors from the edge proxy?",
             "reject": "Checkout fails with error ERR-7781 on host web-19. What is the root cause?"}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AuditStore]:
    s = AuditStore(f"chdb://{tmp_path_factory.mktemp('replay') / 'chdb'}")
    s.migrate()
    for name, q in QUESTIONS.items():
        log, _, _ = run_session(q, session_id=f"r-{name}")
        s.write([("t", to_dict(e)) for e in log], [])
    yield s
    s.close()


def _verdicts(store: AuditStore) -> list[dict[str, object]]:
    return _rows(store, "VerdictReached", 100, None)


def test_the_spec_policy_changes_nothing(store: AuditStore) -> None:
    report = replay_policy(store, Policy())
    assert report.changes == [] and report.unchanged == 3


def test_a_pass_threshold_above_the_pass_score_turns_pass_into_low_confid(store: AuditStore) -> None:
    report = replay_policy(store, Policy(), pass_threshold=0.9)
    assert [(c.session_id, c.before, c.after) for c in report.changes] == [("r-pass", "PASS", "LOW_CONFID")]
    assert "PASS→LOW_CONFID: 1" in report.render()


def test_a_low_pass_threshold_passes_what_scores_above_it_and_never_a_reject(store: AuditStore) -> None:
    """A PASS threshold means what it says: from that score up, an answer passes (the spec's
    rule, every critical claim supported and one directly, is not asked then); REJECT stays."""
    scores = {v["session_id"]: v["groundedness_score"] for v in _verdicts(store)}
    assert 0 < scores["r-low"] < 1, scores
    report = replay_policy(store, Policy(), pass_threshold=scores["r-low"])
    assert [(c.session_id, c.before, c.after) for c in report.changes] == [("r-low", "LOW_CONFID", "PASS")]


def test_a_higher_retry_threshold_changes_the_route_not_the_verdict(store: AuditStore) -> None:
    report = replay_policy(store, Policy(retry_threshold=0.7))
    [change] = report.changes
    assert change.session_id == "r-low" and change.before == change.after == "LOW_CONFID"
    assert (change.before_route, change.after_route) == ("compose_disclaimer", "retry")


def test_reverifying_with_the_same_engine_changes_nothing(store: AuditStore) -> None:
    report = asyncio.run(replay_verifier(store, offline_roles()))
    assert report.changes == [] and report.unchanged == 3


def test_reverifying_with_a_stricter_model_shows_what_would_change(store: AuditStore, tmp_path: Path) -> None:
    def no_evidence_for_all(request):  # noqa: ANN001, ANN202
        body = json.loads(request.content)
        prompt = body["messages"][0]["content"]
        claim_ids = sorted(set(__import__("re").findall(r'"claim_id": "(c1-\d+)"', prompt)))
        facts = [{"claim_id": c, "fact": c, "is_critical": True, "verification": "no_evidence", "detail": "strict",
                  "evidence_refs": []} for c in claim_ids]
        import httpx

        return httpx.Response(200, json=completion(json.dumps({
            "verdict": "LOW_CONFID", "groundedness_score": 0.0, "critical_fact_count": len(facts),
            "facts_checked": facts, "rationale": "strict"})))

    replay = Replay(*[no_evidence_for_all] * 3)
    roles = offline_roles()
    roles.verifier = ModelVerifier(ModelClient(RoleConfig(provider="openai", base_url="http://model.test/v1"),
                                               http_client=replay.client()))
    report = asyncio.run(replay_verifier(store, roles))
    assert report.transitions()["PASS→LOW_CONFID"] == 1


def test_a_verdict_off_the_question_stays_off_it(store: AuditStore) -> None:
    """Claims that do not address the question are never PASS live, and not in a replay either:
    the stored relevance goes into the rules with the labels (a replay without it turned a client's
    off-question round into PASS)."""
    [passed] = [v for v in _verdicts(store) if v["session_id"] == "r-pass"]
    off = {**passed, "session_id": "r-off", "event_id": "r-off-verdict", "verdict": "LOW_CONFID", "relevance": "off_topic"}
    store.write([("t", off)], [])
    try:
        for threshold in (None, 0.5):
            report = replay_policy(store, Policy(), session="r-off", pass_threshold=threshold)
            assert report.changes == [] and report.unchanged == 1, report.render()
    finally:
        store.command("ALTER TABLE gg_events DELETE WHERE session_id = 'r-off' SETTINGS mutations_sync = 1")
