"""The demo `make run` ships answers each of its questions as it was written to show, on the offline
engine: a rule that refuses an honest demo finding (the runbook's own cause under the offline
engine's "根据运行手册 x.md，可能原因是：" attribution) turns a PASS into LOW_CONFID here first."""

from __future__ import annotations

import pytest

from app.cli import demo_questions
from app.domain import guessed_cause
from tests.unit.factories import run_session

SHOWN = {  # session_id: (verdict, rounds)
    "demo-orders-503": ("PASS", 1),
    "demo-ingest-disk": ("PASS", 1),
    "demo-payments-oom": ("PASS", 1),
    "demo-fabricated": ("REJECT", 1),
    "demo-billing-lag-zh": ("PASS", 1),
    "demo-redis-zh": ("LOW_CONFID", 1),
    "demo-tls": ("LOW_CONFID", 1),
    "demo-backup": ("LOW_CONFID", 2),
}


def test_every_demo_question_has_its_verdict() -> None:
    assert {q["session_id"] for q in demo_questions()} == set(SHOWN)


@pytest.mark.parametrize("question", demo_questions(), ids=lambda q: q["session_id"])
def test_a_demo_question_is_answered_as_it_shows(question: dict[str, str]) -> None:
    _, _, [answer] = run_session(question["query"], question["session_id"])
    assert (answer.verdict, answer.rounds) == SHOWN[question["session_id"]], answer.final_answer


@pytest.mark.parametrize("line", [
    "根据运行手册 lag-zh.md § 原因，可能原因是：worker 单条消息处理超过 max.poll.interval.ms，导致频繁重平衡",
    "According to runbook lag.md § Causes, a likely cause is: a slow handler exceeds max.poll.interval.ms, "
    "causing rebalances",
])
def test_an_attribution_is_no_side_of_a_hedged_cause(line: str) -> None:
    known = "worker 单条消息处理超过 max.poll.interval.ms 导致频繁重平衡 a slow handler exceeds causing rebalances"
    assert guessed_cause.invented(line, known) is None


def test_a_guess_after_an_attribution_is_still_one() -> None:
    line = "根据运行手册 lag-zh.md § 原因，可能是 worker 电池老化导致频繁重平衡"
    assert guessed_cause.invented(line, "worker 导致频繁重平衡") is not None
