"""Each way a model role fails, replayed through the real openai client, in each role: an endless
chat-template reply (cut at max tokens), an example copied from the prompt, a timeout, an
unparseable reply. The session is answered, the user never sees the model's text, no request
whose reply was unusable is sent again (beyond the Verifier's one repair), every call is in the
audit with how it ended, and an unusable reply is counted by reason and logged once."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import Any

import httpx
import pytest

from app import metrics
from app.audit.rows import COLUMNS, new_rows, rows_for, snapshot_rows
from app.domain.chat_service import snapshot
from app.roles import prompts
from app.roles.llm import ModelClient, RoleConfig
from app.roles.model import ModelComposer, ModelExecutor, ModelPlanner, ModelVerifier
from app.stages import Roles
from tests.replay import RECORDED_COPIES, completion
from tests.unit.factories import drive_session, offline_roles

Q = "Why can't ingest-node-03 write its logs?"
PROMPT_OF = {"planner": "chat-planner-prompt", "executor": "chat-executor-prompt",
             "verifier": "chat-verifier-prompt", "composer": "chat-composer-prompt"}
TIMEOUT_S = 0.3


def copied_example(role: str) -> str:
    """The JSON example of the role's own prompt, as a weak model copies it (or, for a prompt
    without one, such a copy as recorded)."""
    body = prompts.load(PROMPT_OF[role]).body
    block = re.search(r'^\{".*?\}\s*$(?=\n\n)', body, re.S | re.M)
    text = block.group(0) if block is not None else RECORDED_COPIES[role]
    json.loads(text)  # the example is valid JSON: only its content is empty
    return text


def endless_template(request: httpx.Request) -> httpx.Response:
    max_tokens = json.loads(request.content)["max_tokens"]
    return httpx.Response(200, json=completion("<|im_start|>assistant\n" * 400, finish_reason="length",
                                               completion_tokens=max_tokens))


async def never_answers(request: httpx.Request) -> httpx.Response:
    await asyncio.sleep(30)
    raise AssertionError("unreachable")


class Transport:
    """Answers every request with ``reply`` and counts them."""

    def __init__(self, reply: Any) -> None:
        self.reply, self.requests = reply, 0

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests += 1
        if callable(self.reply):
            out = self.reply(request)
            return await out if asyncio.iscoroutine(out) else out
        return httpx.Response(200, json=completion(self.reply))


FAILURES = {
    "endless-template": lambda role: endless_template,
    "copied-example": copied_example,
    "timeout": lambda role: never_answers,
    "unparseable": lambda role: "Sure! The disk on ingest-node-03 is probably full, I think.",
}
REASON = {"endless-template": "truncated", "copied-example": "placeholder", "unparseable": "not_json"}


def roles_with_failing(role: str, reply: Any) -> tuple[Roles, Transport]:
    transport = Transport(reply)
    client = ModelClient(RoleConfig(provider="openai", base_url="http://model.test/v1", model=f"weak-{role}",
                                    timeout_s=TIMEOUT_S, max_attempts=4),
                         http_client=httpx.AsyncClient(transport=httpx.MockTransport(transport)), role=role)
    roles = offline_roles()
    model = {"planner": lambda: ModelPlanner(client, roles.tools), "executor": lambda: ModelExecutor(client),
             "verifier": lambda: ModelVerifier(client), "composer": lambda: ModelComposer(client)}[role]()
    setattr(roles, role, model)
    return roles, transport


def unusable_count(role: str, reason: str) -> float:
    return metrics.REGISTRY.get_sample_value("groundgate_model_unusable_total",
                                             {"role": role, "reason": reason}) or 0.0


@pytest.mark.parametrize("failure", list(FAILURES))
@pytest.mark.parametrize("role", list(PROMPT_OF))
def test_a_failing_role_ends_in_an_answer_with_every_call_audited(role: str, failure: str,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    roles, transport = roles_with_failing(role, FAILURES[failure](role))
    reason = REASON.get(failure, "")
    if role == "verifier" and failure == "copied-example":
        reason = "schema"  # its example's verdict is "PASS|LOW_CONFID|REJECT": not one of the three
    before = unusable_count(role, reason)
    sid = f"s-{role}-{failure}"
    with caplog.at_level(logging.WARNING, logger="app.stages"):
        events, state, answers = drive_session(Q, roles, deadline_s=6, session_id=sid)

    [answer] = answers
    assert state.stage == "answered"
    for raw in ("<|im_start|>", "Sure!", "probably full"):
        assert raw not in answer.final_answer
    assert answer.final_answer.strip() not in ("...", "")

    calls = [u for e in events for u in getattr(e, "usage", []) if u.role == role]
    if failure == "timeout":
        # a timeout ends the call: the identical request is never sent again
        assert transport.requests == 1
        assert [(u.status, u.attempts) for u in calls] == [("timeout", 1)]
    else:
        assert transport.requests == (2 if role == "verifier" else 1), "only the Verifier's one repair"
        assert [u.status for u in calls] == ["unusable"] * transport.requests
        assert all(u.error.startswith(f"{reason}:") for u in calls)
        assert unusable_count(role, reason) - before == transport.requests
        logged = [r.getMessage() for r in caplog.records if "unusable output" in r.getMessage() and sid in r.getMessage()]
        # the Executor's failure ends its stage: the runtime's StageFailed report logs it
        assert len(logged) == (0 if role == "executor" else transport.requests)
        assert ["on its repair" in m for m in logged] == [False] + [True] * (len(logged) - 1) if role == "verifier" \
            else not any("repair" in m for m in logged), logged

    expected = {"planner": "answered" if failure != "timeout" else "model_unavailable",
                "executor": "model_unavailable" if failure == "timeout" else "model_unusable",
                "verifier": "model_unavailable" if failure == "timeout" else "fail_closed",
                "composer": "fallback" if failure == "timeout" else "malformed"}[role]
    if role in ("planner", "executor") and expected != "answered":
        assert (answer.verdict, answer.degraded_reason) == ("REJECT", expected)
    elif role == "verifier":
        ve = state.verifier_evaluation
        assert ve is not None and ve.verifier_status == expected and answer.verdict == "REJECT"
    elif role == "composer":
        assert answer.composer_status == expected

    # every call is one row of gg_model_calls, and the session's snapshot can be stored
    rows = rows_for([("t", e) for e in events])["gg_model_calls"]
    assert len(rows) == sum(len(getattr(e, "usage", [])) for e in events)
    status = COLUMNS["gg_model_calls"].index("status")
    assert [r[status] for r in rows if r[4] == role] == [u.status for u in calls]
    snapshot_rows(snapshot(state), new_rows())


def test_a_verifier_whose_repair_times_out_records_both_calls_and_logs_the_unusable_one(
        caplog: pytest.LogCaptureFixture) -> None:
    replies = iter([lambda request: httpx.Response(200, json=completion("Sure! It is the disk.")), never_answers])
    roles, transport = roles_with_failing("verifier", lambda request: next(replies)(request))
    with caplog.at_level(logging.WARNING, logger="app.stages"):
        events, state, [answer] = drive_session(Q, roles, deadline_s=6, session_id="s-repair-timeout")
    calls = [u for e in events for u in getattr(e, "usage", []) if u.role == "verifier"]
    assert [u.status for u in calls] == ["unusable", "timeout"] and transport.requests == 2
    assert calls[0].error.startswith("not_json:")
    logged = [r for r in caplog.records if "unusable output" in r.getMessage()]
    assert len(logged) == 1 and "session_id=s-repair-timeout" in logged[0].getMessage()
    assert answer.verdict == "REJECT" and state.verifier_evaluation is not None
