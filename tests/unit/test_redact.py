"""Secrets never travel: model error text is reduced to a class and a status, and anything that
looks like a key or token is redacted before it reaches an event, a log line or a table."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from app.domain.redact import redact
from app.roles.llm import ModelClient, ModelRejected, ModelUnavailable, RoleConfig

KEY = "sk-live-0123456789abcdefABCDEF"


@pytest.mark.parametrize("text", [
    f"Incorrect API key provided: {KEY}. You can find your API key at ...",
    "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.signature",
    'upstream said {"api_key": "abcd1234efgh5678"}',
    "token=0123456789abcdef0123456789abcdef0123",
], ids=["openai-key", "bearer", "json-api-key", "token-param"])
def test_keys_and_tokens_are_redacted(text: str) -> None:
    out = redact(text)
    assert "[redacted]" in out
    for secret in (KEY, "eyJhbGciOiJIUzI1NiJ9.payload.signature", "abcd1234efgh5678",
                   "0123456789abcdef0123456789abcdef0123"):
        assert secret not in out


def test_redaction_keeps_ordinary_error_text_and_bounds_it() -> None:
    assert redact("HTTP 503 (InternalServerError)") == "HTTP 503 (InternalServerError)"
    assert len(redact("word " * 2_000, limit=300)) == 300


def _client(status: int, body: dict) -> ModelClient:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, json=body)

    cfg = RoleConfig(provider="openai", base_url="http://model.test/v1", api_key=KEY, model="m", max_attempts=1)
    return ModelClient(cfg, http_client=httpx.AsyncClient(transport=httpx.MockTransport(handler)))


def test_a_401_that_echoes_the_key_becomes_a_class_and_a_status() -> None:
    client = _client(401, {"error": {"message": f"Incorrect API key provided: {KEY}", "type": "invalid_request_error"}})
    with pytest.raises(ModelRejected) as exc:
        asyncio.run(client.complete([{"role": "user", "content": "hi"}], 5))
    assert KEY not in str(exc.value) and "401" in str(exc.value)
    assert exc.value.__suppress_context__, "the openai error (and its text) is not chained into tracebacks"


def test_a_server_error_after_the_last_attempt_names_no_body() -> None:
    client = _client(500, {"error": {"message": f"internal error for key {KEY}"}})
    with pytest.raises(ModelUnavailable) as exc:
        asyncio.run(client.complete([{"role": "user", "content": "hi"}], 5))
    assert KEY not in str(exc.value)


def test_a_call_that_failed_for_good_is_recorded_with_its_class_status_and_attempts() -> None:
    client = _client(401, {"error": {"message": f"Incorrect API key provided: {KEY}"}})
    client.role = "verifier"
    with pytest.raises(ModelRejected) as exc:
        asyncio.run(client.complete([{"role": "user", "content": "hi"}], 5))
    [usage] = exc.value.calls
    assert (usage.role, usage.attempts, usage.status) == ("verifier", 1, "refused")
    assert usage.error == "HTTP 401 (AuthenticationError)" and KEY not in usage.model_dump_json()


def test_a_verdict_reached_after_the_verifier_failed_carries_the_failed_call() -> None:
    from app.stages import verify
    from events.models import ExecutorFinished
    from tests.unit.factories import T0, offline_roles

    class Down:
        async def verify(self, inputs, budget_s):  # noqa: ANN001, ANN201
            return await _client(503, {"error": {"message": "overloaded"}}).complete([], 5)

    roles = offline_roles()
    roles.verifier = Down()
    _, verdict = asyncio.run(verify(ExecutorFinished(session_id="s", original_query="q?"), roles, T0))
    assert verdict.verifier_status == "model_unavailable"
    [call] = verdict.usage
    assert call.error.startswith("HTTP 503 (InternalServerError)") and call.attempts == 1 and call.status == "error"
