"""A degraded answer says what happened: a model that answered with nothing usable is not a
model that did not answer, a stage that gave up because its share of the time ran out is not a
session past its deadline, and a session whose investigation never finished is not told that
no evidence was found."""

from __future__ import annotations

from datetime import timedelta

from app.domain.session import replay
from app.roles.base import VerifierInputs
from app.roles.llm import DeadlineExceeded
from events.models import QueryReceived, Usage, WatchdogFired
from tests.unit.factories import T0, drive_session, offline_roles
from tests.unit.test_model_failures import Q, roles_with_failing

PAST_DEADLINE = "did not finish within its deadline"
SHARE_RAN_OUT = "was not enough to finish the diagnosis"


class _OutOfTime:
    """A role whose call gives up at once: its share of the session's time ran out."""

    async def execute(self, *args: object) -> None:
        raise DeadlineExceeded("executor: no time left for a call",
                               calls=[Usage(role="executor", model="slow", status="timeout")])

    async def verify(self, inputs: VerifierInputs, budget_s: float) -> None:
        raise DeadlineExceeded("verifier: no time left for a call",
                               calls=[Usage(role="verifier", model="slow", status="timeout")])


def test_an_executor_that_answered_unusably_is_not_said_to_have_not_answered() -> None:
    roles, _ = roles_with_failing("executor", "Sure! The disk on ingest-node-03 is probably full, I think.")
    _, _, [answer] = drive_session(Q, roles, deadline_s=6, session_id="s-unusable")
    assert (answer.verdict, answer.degraded_reason) == ("REJECT", "model_unusable")
    assert "The model's reply could not be used." in answer.final_answer
    assert "did not answer" not in answer.final_answer
    assert "No evidence was found" not in answer.final_answer  # nothing was searched to the end


def test_an_investigation_cut_to_its_share_is_not_said_to_have_missed_the_deadline() -> None:
    roles = offline_roles()
    roles.executor = _OutOfTime()  # type: ignore[assignment]
    _, state, [answer] = drive_session(Q, roles, deadline_s=60, session_id="s-share")
    assert answer.degraded_reason == "deadline" and state.deadline_at is not None
    assert answer.occurred_at < state.deadline_at
    assert SHARE_RAN_OUT in answer.final_answer and PAST_DEADLINE not in answer.final_answer


def test_a_verifier_cut_to_its_share_is_not_said_to_have_missed_the_deadline() -> None:
    roles = offline_roles()
    roles.verifier = _OutOfTime()  # type: ignore[assignment]
    _, state, [answer] = drive_session(Q, roles, deadline_s=60, session_id="s-verifier-share")
    assert answer.degraded_reason == "deadline" and state.deadline_at is not None
    assert SHARE_RAN_OUT in answer.final_answer and PAST_DEADLINE not in answer.final_answer


def test_a_session_answered_at_its_deadline_says_it_did_not_finish_within_it() -> None:
    q = QueryReceived(session_id="s-late", query=Q, occurred_at=T0, deadline_s=5)
    state = replay([q, WatchdogFired(session_id="s-late", occurred_at=T0 + timedelta(seconds=5), kind="deadline")])
    assert state is not None and state.answer is not None
    assert PAST_DEADLINE in state.answer.final_answer and SHARE_RAN_OUT not in state.answer.final_answer
