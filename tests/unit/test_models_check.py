"""``groundgate models check`` tells the truth: each role gets a request shaped like the real
one, its reply is read as the pipeline reads it, and a failure is named by what happened
(timeout, unsupported feature, refused, unreachable, unparseable), with the model and URL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from app.roles.check import CheckResult, check_models
from app.settings import Settings, role_configs
from tests.integration.fake_openai import answer
from tests.replay import completion

URL = "http://user:secret@model.test/v1"


def settings(**env: str) -> Settings:
    return Settings(roles=role_configs({"GROUNDGATE_MODEL_BASE_URL": URL, "GROUNDGATE_MODEL_TIMEOUT_S": "0.5",
                                        "GROUNDGATE_MODEL_MODEL": "small-model", **env}))


def role_of(body: dict[str, Any]) -> str:
    prompt = body["messages"][0]["content"]
    return next((r for r in ("planner", "executor", "verifier", "composer") if f"You are the {r.title()}" in prompt),
                "bare")


class Server:
    """A careful model (tests/integration/fake_openai.py) unless ``override(role, body)`` answers."""

    def __init__(self, override: Callable[[str, dict[str, Any]], Any] | None = None) -> None:
        self.override, self.bodies = override, []  # type: list[dict[str, Any]]

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        self.bodies.append(body)
        got = self.override(role_of(body), body) if self.override else None
        if asyncio.iscoroutine(got):
            got = await got
        if isinstance(got, httpx.Response):
            return got
        if isinstance(got, str):
            return httpx.Response(200, json=completion(got))
        return httpx.Response(200, json=answer(body))

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(transport=httpx.MockTransport(self))


def check(server: Server, **env: str) -> dict[str, CheckResult]:
    results = asyncio.run(check_models(settings(GROUNDGATE_MODEL_PROVIDER="openai", **env), server.client()))
    return {r.role: r for r in results}


def test_offline_roles_are_reported_as_working() -> None:
    assert all(r.ok and r.provider == "offline" for r in asyncio.run(check_models(settings())))


def test_each_role_gets_its_real_request_and_its_reply_is_parsed_as_the_pipeline_does() -> None:
    server = Server()
    by = check(server)
    assert all(r.ok for r in by.values()), [r.line() for r in by.values()]
    roles = {role_of(b): b for b in server.bodies}
    assert {"planner", "executor", "verifier", "composer"} <= set(roles)
    assert [roles[r]["response_format"]["json_schema"]["name"] for r in ("planner", "verifier", "composer")] == \
        ["plan", "verdict", "answer"]
    assert any(t["function"]["name"] == "log_search" for t in roles["executor"]["tools"])
    assert roles["verifier"]["max_tokens"] == 768 and "trace_ref" in roles["verifier"]["messages"][0]["content"]
    assert "tool call" in by["executor"].detail and by["verifier"].detail == "a verdict"
    line = by["verifier"].line()
    assert "small-model at http://model.test/v1" in line and "secret" not in line


def test_a_reply_that_is_not_what_the_role_returns_is_unparseable_not_ok() -> None:
    """The old probe's own reply ({"ok": true}) and a copied example: both are replies, neither is usable."""
    by = check(Server(lambda role, body: {
        "verifier": '{"ok": true}',
        "composer": '{"answer_summary": "...", "recommended_actions": [], "user_facing_answer": "..."}',
        "planner": "<|im_start|>assistant\n" * 50}.get(role)))
    assert (by["verifier"].ok, by["verifier"].outcome) == (False, "unparseable")
    assert "schema" in by["verifier"].detail
    assert (by["composer"].outcome, by["planner"].outcome) == ("unparseable", "unparseable")
    assert "placeholder" in by["composer"].detail and "not_json" in by["planner"].detail
    assert by["executor"].ok


def test_an_executor_that_times_out_is_a_timeout_not_a_missing_feature() -> None:
    async def slow(role: str, body: dict[str, Any]) -> Any:
        if role == "executor":
            await asyncio.sleep(5)
        return None

    by = check(Server(slow))
    e = by["executor"]
    assert (e.ok, e.outcome) == (False, "timeout")
    assert "GROUNDGATE_EXECUTOR_TIMEOUT_S" in e.detail and "tool calling" not in e.detail


def test_a_feature_the_server_refuses_is_told_apart_from_a_refused_request() -> None:
    def server(role: str, body: dict[str, Any]) -> Any:
        if "response_format" in body and role == "composer":
            return httpx.Response(400, json={"error": {"message": "response_format is not supported"}})
        if "tools" in body:
            return httpx.Response(400, json={"error": {"message": "tools are not supported"}})
        if role == "verifier" or (role == "bare" and "verifier" in str(body["model"])):
            return httpx.Response(400, json={"error": {"message": "bad request"}})
        return None

    by = check(Server(server), GROUNDGATE_VERIFIER_MODEL="verifier-x")
    assert (by["composer"].outcome, by["executor"].outcome) == ("unsupported", "unsupported")
    assert "RESPONSE_FORMAT=json_object" in by["composer"].detail and "tool calling" in by["executor"].detail
    assert by["verifier"].outcome == "refused", "a 400 with or without the feature is the request, not the feature"
    assert by["planner"].ok


@pytest.mark.parametrize(("reply", "outcome", "says"), [
    (httpx.Response(401, json={"error": {"message": "Incorrect API key provided: sk-abc"}}), "refused", "bad API key"),
    (httpx.Response(404, json={"error": {"message": "The model `gpt-9` does not exist"}}), "refused", "unknown model"),
    (httpx.Response(503, json={"error": {"message": "overloaded"}}), "unreachable", "HTTP 503"),
    (httpx.ConnectError("refused"), "unreachable", "APIConnectionError"),
], ids=["bad-key", "unknown-model", "server-error", "no-connection"])
def test_a_refused_or_unreachable_endpoint_is_named(reply: Any, outcome: str, says: str) -> None:
    def server(role: str, body: dict[str, Any]) -> Any:
        if role != "planner":
            return None
        if isinstance(reply, Exception):
            raise reply
        return reply

    by = check(Server(server))
    p = by["planner"]
    assert (p.ok, p.outcome) == (False, outcome) and says in p.detail and "sk-abc" not in p.line()
    assert all(r.ok for r in by.values() if r.role != "planner")


def test_the_command_exits_non_zero_on_any_failure(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from app import cli
    from app.roles import check as check_module

    async def results(_: Settings) -> list[CheckResult]:
        return [CheckResult("planner", "openai", "m", True, "a plan"),
                CheckResult("verifier", "openai", "m", False, "schema: verdict", "unparseable", "http://x/v1")]

    monkeypatch.setattr(check_module, "check_models", results)
    assert asyncio.run(cli.cmd_models_check(settings())) == 1
    out = capsys.readouterr().out
    assert "FAIL unparseable: schema: verdict [m at http://x/v1]" in out


def test_a_composer_reply_that_parses_but_says_more_than_its_material_fails_the_check(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Valid Composer JSON whose answer names a host, a code and a cause the sample's material does not
    hold: the pipeline's safety rules refuse it, so the check does too, and says why (reason first)."""
    from app import cli
    from app.roles import check as check_module

    lie = json.dumps({"answer_summary": "web-77 failed", "recommended_actions": [],
                      "user_facing_answer": "The root cause is host web-77 failing with error ERR-9999."})
    server = Server(lambda role, body: lie if role == "composer" else None)
    real = check_module.check_models
    monkeypatch.setattr(check_module, "check_models", lambda s: real(s, server.client()))
    code = asyncio.run(cli.cmd_models_check(settings(GROUNDGATE_MODEL_PROVIDER="openai")))
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("composer"))
    assert code == 1 and "FAIL unparseable: unfounded: refused (" in line, line


def test_a_verifier_that_fails_its_repair_too_names_both_reasons() -> None:
    by = check(Server(lambda role, body: "Sure! It is the disk." if role == "verifier" else None))
    v = by["verifier"]
    assert (v.ok, v.outcome) == (False, "unparseable")
    assert v.detail.startswith("not_json: ") and "; repair: not_json: " in v.detail, v.detail
