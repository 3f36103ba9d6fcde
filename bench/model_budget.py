"""No model call that cannot finish in time: sessions whose roles are scripted to be slow or to
fail, through the real openai client (an httpx transport answers as the script says), each on
its own deadline. Prints, per scenario, how long the session took against its deadline, how many
model requests it made against the fewest that session needed, and how many requests were
started with less time than that role's reply takes (the calls that could not finish in time).

Times are scaled down (a per-call timeout of 1 s stands for 30 s): every figure is a ratio.

Usage: python bench/model_budget.py
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `python bench/x.py` puts bench/ first, not the project
    sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from app.roles.build import build_roles  # noqa: E402
from app.settings import Settings, role_configs  # noqa: E402
from tests.integration.fake_openai import answer, failed_reply, role_of  # noqa: E402
from tests.unit.factories import drive_session  # noqa: E402

QUESTION = "Why is ingest-node-03 failing to write logs with no space left on device?"
TIMEOUT_S = 1.0
FAST_S = 0.05
Reply = Callable[[dict[str, Any], int], tuple[float | None, dict[str, Any] | httpx.Response]]
"""(request body, how many requests this role has had) -> (seconds it takes, None: never; the reply)."""


def careful(delay: float = FAST_S) -> Reply:
    return lambda body, n: (delay, answer(body))


def endless(delay: float) -> Reply:
    """A chat template repeated until max tokens, at a speed that takes ``delay``."""
    return lambda body, n: (delay, failed_reply(body, "endless"))


def unusable(mode: str) -> Reply:
    return lambda body, n: (FAST_S, failed_reply(body, mode))


def never() -> Reply:
    return lambda body, n: (None, {})


def busy_once() -> Reply:
    return lambda body, n: ((FAST_S, httpx.Response(503, json={"error": {"message": "busy"}})) if n == 1
                            else (FAST_S, answer(body)))


@dataclass
class Scenario:
    name: str
    deadline_s: float
    replies: dict[str, Reply] = field(default_factory=dict)
    fewest: int = 5
    """Requests the session needs at least: a round that goes well is 5 (the Executor's tool turn
    and its answer); a failure is known at its first reply or timeout (the Verifier's one repair
    is part of the spec)."""
    env: dict[str, str] = field(default_factory=dict)


SCENARIOS = [
    Scenario("every role fast", 10),
    Scenario("every role slow (0.8 of its timeout)", 10, {r: careful(0.8) for r in ("planner", "executor",
                                                                                    "verifier", "composer")}),
    Scenario("deadline shorter than the slow roles need", 2.0,
             {r: careful(0.8) for r in ("planner", "executor", "verifier", "composer")}, fewest=1),
    Scenario("executor loops on its chat template (1024 tokens)", 10, {"executor": endless(0.5)}, fewest=2),
    # the case: 2,000 tokens of template took the whole 30 s per-call timeout
    Scenario("executor loops on its chat template (2000 tokens, past its timeout)", 10,
             {"executor": endless(1.05)}, fewest=2, env={"GROUNDGATE_EXECUTOR_MAX_TOKENS": "2000"}),
    Scenario("executor never answers", 10, {"executor": never()}, fewest=2),
    Scenario("planner copies its example", 10, {"planner": unusable("example")}),
    Scenario("verifier answers prose (one repair, then fail closed)", 10, {"verifier": unusable("garbage")}),
    Scenario("verifier never answers", 10, {"verifier": never()}, fewest=4),
    Scenario("composer copies its example", 10, {"composer": unusable("example")}),
    Scenario("composer busy once (503)", 10, {"composer": busy_once()}, fewest=5),
]


@dataclass
class Request:
    role: str
    started: float
    given_s: float
    needs_s: float | None


class Server:
    """The scripted model: answers each request after the scripted time, records when it came."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario, self.requests, self.counts = scenario, [], {}  # type: list[Request], dict[str, int]

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        role = role_of(body["messages"][0]["content"])
        self.counts[role] = self.counts.get(role, 0) + 1
        delay, reply = self.scenario.replies.get(role, careful())(body, self.counts[role])
        timeout = request.extensions.get("timeout", {}).get("read") or TIMEOUT_S
        self.requests.append(Request(role, time.monotonic(), timeout, delay))
        await asyncio.sleep(3600 if delay is None else delay)
        return reply if isinstance(reply, httpx.Response) else httpx.Response(200, json=reply)


def run(s: Scenario) -> str:
    server = Server(s)
    env = {"GROUNDGATE_MODEL_PROVIDER": "openai", "GROUNDGATE_MODEL_BASE_URL": "http://model.bench/v1",
           "GROUNDGATE_MODEL_API_KEY": "unused", "GROUNDGATE_MODEL_TIMEOUT_S": str(TIMEOUT_S), **s.env}
    roles = build_roles(Settings(roles=role_configs(env)),
                        http_client=httpx.AsyncClient(transport=httpx.MockTransport(server)))
    started = time.monotonic()
    events, _, [a] = drive_session(QUESTION, roles, deadline_s=s.deadline_s)
    took = time.monotonic() - started
    end = started + s.deadline_s
    # started with less time left before the deadline than the reply takes (it fits its timeout)
    no_time = sum(r.needs_s is not None and r.needs_s <= TIMEOUT_S and end - r.started < r.needs_s
                  for r in server.requests)
    # the reply takes longer than the role's per-call timeout: a setting (`models check` says which)
    too_slow = sum(r.needs_s is not None and r.needs_s > r.given_s for r in server.requests)
    recorded = sum(u.attempts for e in events for u in getattr(e, "usage", []) if u.model != "offline")
    outcome = a.degraded_reason or a.verdict.lower()
    audited = recorded == len(server.requests)
    return (f"{s.name:<74} {took:5.2f}s/{s.deadline_s:<4g} {took / s.deadline_s:5.2f} "
            f"{len(server.requests):>3}/{s.fewest:<2} {no_time:>7} {too_slow:>8}  {audited!s:<7} "
            f"{outcome} composer={a.composer_status}")


def main() -> None:
    logging.getLogger("app").setLevel(logging.ERROR)  # each unusable reply is logged; the table says it
    print(f"per-call timeout {TIMEOUT_S:g}s; requests = made / fewest needed; no time = requests started with "
          "less time before the deadline than the reply takes; > timeout = requests whose reply takes longer than "
          "the per-call timeout (a setting); audited = every request is an attempt of a recorded call")
    print(f"{'scenario':<74} {'session/deadline':>16} {'requests':>8} {'no time':>7} {'> timeout':>8}  audited answer")
    for s in SCENARIOS:
        print(run(s), flush=True)


if __name__ == "__main__":
    main()
