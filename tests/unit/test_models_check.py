"""``groundgate models check`` reports what works, and why not, per role."""

from __future__ import annotations

import asyncio

import httpx

from app.roles.check import check_models
from app.settings import Settings, role_configs
from tests.replay import Replay, completion


def settings(**env: str) -> Settings:
    return Settings(roles=role_configs({"GROUNDGATE_MODEL_BASE_URL": "http://model.test/v1", **env}))


def test_offline_roles_are_reported_as_working() -> None:
    results = asyncio.run(check_models(settings()))
    assert all(r.ok and r.provider == "offline" for r in results)


def test_a_working_model_role_is_reported_with_its_format() -> None:
    replay = Replay(completion('{"ok": true}'))
    results = asyncio.run(check_models(settings(GROUNDGATE_VERIFIER_PROVIDER="openai"), replay.client()))
    [v] = [r for r in results if r.role == "verifier"]
    assert v.ok and "json_schema" in v.detail
    assert replay.requests[0]["response_format"]["type"] == "json_schema"


def test_a_bad_key_unknown_model_and_unsupported_features_are_named() -> None:
    replay = Replay(
        httpx.Response(401, json={"error": {"message": "Incorrect API key provided"}}),  # planner
        completion('{"ok": true}'),  # executor: JSON fine
        httpx.Response(400, json={"error": {"message": "tools are not supported"}}),  # executor: tools
        httpx.Response(404, json={"error": {"message": "The model `gpt-9` does not exist"}}),  # verifier
        httpx.Response(400, json={"error": {"message": "response_format json_schema is not supported"}}),  # composer
    )
    results = asyncio.run(check_models(settings(GROUNDGATE_MODEL_PROVIDER="openai"), replay.client()))
    by = {r.role: r for r in results}
    assert not any(r.ok for r in results)
    assert "bad API key" in by["planner"].detail
    assert "tool calling" in by["executor"].detail
    assert "unknown model" in by["verifier"].detail
    assert "RESPONSE_FORMAT=json_object" in by["composer"].detail
