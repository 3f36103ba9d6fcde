"""Opt-in: the model path against a real OpenAI-compatible server, as an operator runs it.

Skipped unless a server is named. Either
  GROUNDGATE_TEST_MODEL_URL=http://127.0.0.1:8080/v1  (any OpenAI-compatible server; its model name in
                                                      GROUNDGATE_TEST_MODEL_NAME, default "local")
or
  GROUNDGATE_TEST_MODEL_FILE=/path/to/model.gguf     (with `pip install xllamacpp`, MIT: llama.cpp's own
                                                      server, started here on CPU on a free loopback port)
The model file is the operator's choice (check its licence): the project names none.
GROUNDGATE_TEST_MODEL_DEADLINE_S (default 120) is the session's deadline.

What it holds whatever the model's quality: ``models check`` names every failure (or says ok),
a session on all four roles is answered by its deadline with no model text shown raw, no call
started that could not finish in time, and every request the server got is an attempt of a
recorded call.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from app.kafka.broker import free_port
from app.roles.budget import MIN_CALL_S
from app.roles.build import build_roles
from app.roles.check import check_models
from app.settings import Settings, role_configs
from tests.unit.factories import drive_session

URL = os.environ.get("GROUNDGATE_TEST_MODEL_URL", "")
MODEL_FILE = os.environ.get("GROUNDGATE_TEST_MODEL_FILE", "")
DEADLINE_S = float(os.environ.get("GROUNDGATE_TEST_MODEL_DEADLINE_S", "120"))
HOW = ("set GROUNDGATE_TEST_MODEL_URL=http://host:port/v1 (any OpenAI-compatible server), or "
       "GROUNDGATE_TEST_MODEL_FILE=/path/to/model.gguf with `pip install xllamacpp`, to run it")

pytestmark = pytest.mark.skipif(not URL and not MODEL_FILE, reason=f"no real model server named: {HOW}")


@pytest.fixture
def no_network() -> None:
    """A server the operator named is reached on purpose (the suite's guard stays on elsewhere)."""


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, str]]:
    """(base URL, model name) of the server under test."""
    if URL:
        yield URL, os.environ.get("GROUNDGATE_TEST_MODEL_NAME", "local")
        return
    xlc = pytest.importorskip("xllamacpp", reason=f"GROUNDGATE_TEST_MODEL_FILE needs xllamacpp: {HOW}")
    params = xlc.CommonParams()
    params.model.path = MODEL_FILE
    params.n_ctx = 8192
    params.hostname, params.port = "127.0.0.1", free_port()
    params.use_jinja = True  # the model's own chat template: tool calls for the Executor
    srv = xlc.Server(params)
    yield f"{srv.listening_address}/v1", os.path.basename(MODEL_FILE)


def settings_for(url: str, model: str) -> Settings:
    return Settings(roles=role_configs({"GROUNDGATE_MODEL_PROVIDER": "openai", "GROUNDGATE_MODEL_BASE_URL": url,
                                        "GROUNDGATE_MODEL_MODEL": model, "GROUNDGATE_MODEL_API_KEY": "unused"}))


def test_models_check_names_every_failure_of_a_real_server(server: tuple[str, str]) -> None:
    results = asyncio.run(check_models(settings_for(*server)))
    for r in results:
        print(r.line())
        assert r.outcome in ("ok", "timeout", "unsupported", "refused", "unreachable", "unparseable")
        assert r.ok == (r.outcome == "ok") and r.detail and server[0].split("//")[1].split("/")[0] in r.line()


def test_a_session_on_a_real_model_ends_in_time_with_every_call_recorded(server: tuple[str, str]) -> None:
    sent: list[float] = []

    async def on_request(_: httpx.Request) -> None:
        sent.append(time.monotonic())

    client = httpx.AsyncClient(event_hooks={"request": [on_request]}, timeout=None)
    roles = build_roles(settings_for(*server), http_client=client)
    started = time.monotonic()
    events, state, answers = drive_session("Why can't ingest-node-03 write its logs?", roles, deadline_s=DEADLINE_S)
    took = time.monotonic() - started
    [answer] = answers
    print(f"answered in {took:.1f}s of {DEADLINE_S:g}s: {answer.verdict} {answer.degraded_reason or ''} "
          f"composer={answer.composer_status}, {len(sent)} request(s)")
    assert took <= DEADLINE_S + 2
    assert "<|" not in answer.final_answer and "|>" not in answer.final_answer
    assert all(t - started <= DEADLINE_S - MIN_CALL_S + 0.5 for t in sent), "a request started with no time left"
    calls: list[Any] = [u for e in events for u in getattr(e, "usage", []) if u.model != "offline"]
    for u in calls:
        print(f"  {u.role:<9} {u.status:<9} attempts={u.attempts} {u.latency_ms:.0f} ms {u.error}")
    assert sum(u.attempts for u in calls) == len(sent), "every request is an attempt of a recorded call"
    assert state.stage == "answered"
