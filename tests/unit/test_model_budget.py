"""No model call that cannot finish in time: a stage's share of the deadline, an attempt's timeout,
and a retry only when it can still finish (``app.roles.budget``), alone and through the real
openai client."""

from __future__ import annotations

import asyncio
import random
import time

import httpx
import pytest

from app.roles import budget
from app.roles.budget import Attempted, attempt_timeout, retry_backoff, stage_share
from app.roles.llm import DeadlineExceeded, ModelClient, ModelUnavailable, RoleConfig
from tests.replay import Replay, completion

RNG = random.Random(7)


@pytest.mark.parametrize(("left", "needs", "share"), [
    (160.0, [90.0, 30.0, 30.0], 100.0),    # enough for all: later stages keep what they need
    (60.0, [60.0, 30.0, 30.0], 30.0),      # not enough: shared in proportion to the needs
    (10.0, [0.0, 30.0, 30.0], 10.0),       # an offline stage needs no share
    (10.0, [30.0, 0.0, 0.0], 10.0),        # nothing after it: all of it
    (-3.0, [30.0, 30.0], 0.0),             # the deadline has passed
], ids=["fits", "proportional", "offline-stage", "last-model-stage", "past-deadline"])
def test_a_stage_leaves_the_later_stages_what_they_need(left: float, needs: list[float], share: float) -> None:
    assert stage_share(left, needs) == pytest.approx(share)


def test_no_attempt_starts_with_less_left_than_a_reply_takes() -> None:
    assert attempt_timeout(left_s=0.3, timeout_s=30, floor_s=0.5) is None
    assert attempt_timeout(left_s=12, timeout_s=30, floor_s=0.5) == 12
    assert attempt_timeout(left_s=90, timeout_s=30, floor_s=0.5) == 30


@pytest.mark.parametrize(("attempted", "left", "retried"), [
    (Attempted("timeout", 30, 1), 95.0, False),    # the identical request would take as long again
    (Attempted("error", 0.1, 1), 2.0, True),       # a fast 503: what it took still fits
    (Attempted("error", 7.0, 1), 5.0, False),      # a 500 after 7 s of generation: 5 s cannot hold it
    (Attempted("error", 0.1, 3), 95.0, False),     # the role's attempts are spent
], ids=["timeout", "fast-error", "slow-error-no-room", "attempts-spent"])
def test_a_retry_is_started_only_if_it_can_finish(attempted: Attempted, left: float, retried: bool) -> None:
    backoff = retry_backoff(attempted, left, floor_s=0.5, max_attempts=3, rng=RNG)
    assert (backoff is not None) == retried
    if backoff is not None:
        assert 0 < backoff <= budget.BACKOFF_MAX_S * 1.5


def _hanging(requests: list[float]) -> httpx.AsyncClient:
    async def hang(request: httpx.Request) -> httpx.Response:
        requests.append(time.monotonic())
        await asyncio.sleep(30)
        raise AssertionError("unreachable")

    return httpx.AsyncClient(transport=httpx.MockTransport(hang))


async def _no_sleep(_: float) -> None:
    return None


@pytest.mark.parametrize(("timeout_s", "budget_s", "kind"), [(1.0, 0.7, DeadlineExceeded),
                                                              (0.4, 5.0, ModelUnavailable)],
                         ids=["cut-by-the-budget", "slower-than-its-timeout"])
def test_a_request_that_timed_out_is_not_sent_again(timeout_s: float, budget_s: float, kind: type[Exception]) -> None:
    """The issue's case scaled down (a per-call timeout of 0.4 s for 30 s): the identical request
    was sent again and again until the deadline; now a timeout ends the call, named by what cut it."""
    sent: list[float] = []
    client = ModelClient(RoleConfig(provider="openai", base_url="http://model.test/v1", timeout_s=timeout_s,
                                    max_attempts=10), http_client=_hanging(sent), sleep=_no_sleep, role="executor")
    started = time.monotonic()
    with pytest.raises(kind) as exc:
        asyncio.run(client.complete([{"role": "user", "content": "x"}], budget_s=budget_s))
    assert len(sent) == 1
    assert time.monotonic() - started < min(timeout_s, budget_s) + 0.5
    [call] = exc.value.calls  # type: ignore[attr-defined]
    assert (call.status, call.attempts, call.role) == ("timeout", 1, "executor")


def test_a_fast_error_is_retried_after_a_backoff_inside_the_budget() -> None:
    slept: list[float] = []

    async def sleep(s: float) -> None:
        slept.append(s)

    replay = Replay(httpx.Response(503, json={"error": {"message": "busy"}}), completion('{"a": 1}'))
    client = ModelClient(RoleConfig(provider="openai", base_url="http://model.test/v1"), http_client=replay.client(),
                         sleep=sleep, rng=random.Random(1))
    reply = asyncio.run(client.complete([{"role": "user", "content": "x"}], budget_s=3))
    assert reply.attempts == 2 and len(slept) == 1 and slept[0] + budget.MIN_CALL_S <= 3


def test_no_call_is_started_when_the_budget_is_already_spent() -> None:
    replay = Replay(completion('{"a": 1}'))
    client = ModelClient(RoleConfig(provider="openai", base_url="http://model.test/v1"), http_client=replay.client())
    with pytest.raises(DeadlineExceeded, match="no call started") as exc:
        asyncio.run(client.complete([{"role": "user", "content": "x"}], budget_s=0.2))
    assert replay.requests == [] and exc.value.calls == [], "a call never sent is not a call"


def test_max_tokens_and_timeouts_default_per_role_and_can_be_set() -> None:
    from app.settings import role_configs

    cfg = role_configs({"GROUNDGATE_MODEL_PROVIDER": "openai", "GROUNDGATE_VERIFIER_MAX_TOKENS": "300",
                        "GROUNDGATE_MODEL_TIMEOUT_S": "12"})
    replay = Replay(*[completion('{"a": 1}')] * 4)
    sent = {}
    for role in ("planner", "executor", "verifier", "composer"):
        c = ModelClient(cfg[role], http_client=replay.client(), role=role)
        asyncio.run(c.complete([{"role": "user", "content": "x"}], budget_s=5))
        sent[role] = (replay.requests[-1]["max_tokens"], c.timeout_s)
    assert sent == {"planner": (512, 12.0), "executor": (1024, 12.0), "verifier": (300, 12.0),
                    "composer": (1024, 12.0)}


def test_the_investigate_stage_leaves_the_verifier_and_composer_their_time() -> None:
    """Roles that say what they need: investigate is given the deadline minus what verify and
    compose need, not the whole deadline (a slow Executor would otherwise leave them nothing)."""
    from datetime import timedelta

    from app.roles.base import Plan
    from app.stages import investigate
    from events.models import ExecutorOutput, QueryReceived
    from tests.unit.factories import T0, offline_roles

    given: dict[str, float] = {}

    class Needs:
        def __init__(self, name: str, need_s: float) -> None:
            self.name, self.need_s = name, need_s

        async def plan(self, query, retry, round_, budget_s):  # noqa: ANN001, ANN201
            given[self.name] = budget_s
            return Plan(), []

        async def execute(self, session_id, query, plan, tools, round_, budget_s):  # noqa: ANN001, ANN201
            given[self.name] = budget_s
            return [], ExecutorOutput(), []

    roles = offline_roles()
    roles.planner, roles.executor = Needs("planner", 10), Needs("executor", 20)  # type: ignore[assignment]
    roles.verifier, roles.composer = Needs("verifier", 10), Needs("composer", 5)  # type: ignore[assignment]
    q = QueryReceived(session_id="s", query="q?", occurred_at=T0, deadline_s=60)
    finished = asyncio.run(investigate(q, roles, T0 + timedelta(seconds=5)))
    assert given["planner"] == pytest.approx(55 - 15)
    assert given["executor"] == pytest.approx(40, abs=0.1)
    assert finished.started_at == T0 + timedelta(seconds=5) and finished.occurred_at >= finished.started_at


class _Needs:
    """A role with what it needs of the session's time (``need_s``, as a model role has), that
    records the budget it was given and answers as the offline engine does."""

    def __init__(self, inner: object, need_s: float) -> None:
        self.inner, self.need_s = inner, need_s
        self.given: list[float] = []

    async def verify(self, inputs: object, budget_s: float) -> object:
        self.given.append(budget_s)
        return await self.inner.verify(inputs, budget_s)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("left_s", "share_s"), [(10.0, 6.0), (5.0, 3.0)], ids=["fits", "proportional"])
def test_the_verify_stage_leaves_the_composer_its_time(left_s: float, share_s: float) -> None:
    """Verifier needs 6 s, Composer 4 s: with 10 s left the Verifier may take 6; with 5 s, 3."""
    from datetime import timedelta

    from app.roles.offline import OfflineVerifier
    from app.stages import verify
    from events.models import ExecutorFinished
    from tests.unit.factories import T0, offline_roles, run_session

    log, _, _ = run_session("Why do payments-api pods keep restarting with exit code 137?")
    executed = next(e for e in log if isinstance(e, ExecutorFinished))
    roles = offline_roles()
    roles.verifier = spy = _Needs(OfflineVerifier(), 6.0)  # type: ignore[assignment]
    roles.composer = _Needs(roles.composer, 4.0)  # type: ignore[assignment]
    asyncio.run(verify(executed.model_copy(update={"deadline_at": T0 + timedelta(seconds=left_s)}), roles, T0))
    [given] = spy.given
    assert given == pytest.approx(share_s, abs=0.2)
