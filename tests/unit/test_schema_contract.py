"""What an exported JSON Schema accepts, the worker accepts, and the reverse.

Cases are generated from the schemas themselves (tests/unit/schema_strategies.py): every message a schema
accepts must decode; then each such message is changed in one place (a field added at the top or
inside an object, a field removed, a value replaced by any JSON value) and the schema and the
worker must agree on the result, whichever way it goes. Messages of this contract version: a
newer producer's message is read trimmed (``test_codec``), which its own version's schema
describes. Date-times are checked as RFC 3339 (``format`` asserted), as the worker reads them.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from events import DecodeError, decode
from events import models as events_models
from events.models import EVENT_TYPES, SCHEMA_VERSION
from events.schema import SCHEMA_DIR
from tests.unit.schema_strategies import from_schema

CLIENT_TYPES = ("QueryReceived", "ExecutorFinished")
ALL_TYPES = tuple(cls.__name__ for cls in EVENT_TYPES)
SLOW = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


@cache
def schema(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SCHEMA_DIR / f"{name}.json").read_text())
    return loaded


@cache
def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(schema(name), format_checker=Draft202012Validator.FORMAT_CHECKER)


def schema_accepts(name: str, message: Any) -> bool:
    return validator(name).is_valid(message)


def worker_accepts(name: str, message: Any) -> bool:
    """As a worker reads the topic that carries only ``name`` (or any event, for ``Event``)."""
    accept = None if name == "Event" else {name}
    try:
        decode(json.dumps(message).encode(), "id-from-the-log", accept=accept)
    except DecodeError:
        return False
    return True


def of_this_version(message: dict[str, Any]) -> dict[str, Any]:
    if isinstance(message.get("schema_version"), int) and message["schema_version"] > SCHEMA_VERSION:
        return {**message, "schema_version": SCHEMA_VERSION}
    return message


def messages(name: str) -> st.SearchStrategy[dict[str, Any]]:
    return from_schema(schema(name)).map(of_this_version)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**53), max_value=2**53)
    | st.floats(allow_nan=False, allow_infinity=False, width=32) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a message: object keys and list items, at any depth."""
    out = [path] if path else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _at(message: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        message = message[step]
    return message


@st.composite
def changed(draw: st.DrawFn, name: str) -> dict[str, Any]:
    """A schema-valid message, changed in one place."""
    message = _copy(draw(messages(name)))
    how = draw(st.sampled_from(["add", "remove", "replace"]))
    if how == "add":
        objects = [p for p in [(), *_paths(message)] if isinstance(_at(message, p), dict)]
        where = draw(st.sampled_from(objects))
        _at(message, where)[draw(st.sampled_from(["priority", "trace_id", "sucess", "extra"]))] = draw(JSON_VALUES)
        return message
    paths = [p for p in _paths(message) if how == "replace" or not isinstance(p[-1], int)]
    if not paths:
        return message
    path = draw(st.sampled_from(paths))
    parent = _at(message, path[:-1])
    if how == "remove":
        del parent[path[-1]]
    else:
        parent[path[-1]] = draw(JSON_VALUES)
    return message


@pytest.mark.parametrize("name", [*CLIENT_TYPES, "Event"])
def test_every_message_a_schema_accepts_the_worker_accepts(name: str) -> None:
    @SLOW
    @given(message=messages(name))
    def check(message: dict[str, Any]) -> None:
        assert schema_accepts(name, message), "the generator's own case"
        assert worker_accepts(name, message), json.dumps(message)[:2000]

    check()


@pytest.mark.parametrize("name", [*CLIENT_TYPES, "Event"])
def test_the_schema_and_the_worker_agree_on_every_changed_message(name: str) -> None:
    @SLOW
    @given(message=changed(name))
    def check(message: dict[str, Any]) -> None:
        assert worker_accepts(name, message) == schema_accepts(name, message), json.dumps(message)[:2000]

    check()


@pytest.mark.parametrize("name", [n for n in ALL_TYPES if n not in CLIENT_TYPES])
def test_every_internal_event_its_schema_accepts_the_worker_accepts(name: str) -> None:
    @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
    @given(message=messages(name))
    def check(message: dict[str, Any]) -> None:
        assert worker_accepts(name, message), json.dumps(message)[:2000]

    check()


@pytest.mark.parametrize(("name", "message", "accepted"), [
    ("QueryReceived", {"session_id": "bad-4", "query": "why?", "priority": "high"}, True),
    ("ExecutorFinished", {"session_id": "s", "original_query": "q",
                          "tool_invocations": [{"invocation_id": "i", "tool_name": "t", "output": None}]}, True),
    ("ExecutorFinished", {"session_id": "s", "original_query": "q",
                          "tool_invocations": [{"invocation_id": "i", "tool_name": "t", "sucess": False}]}, False),
    ("QueryReceived", {"session_id": "s", "query": "q", "round": "1"}, False),
    ("QueryReceived", {"session_id": "s", "query": "q", "occurred_at": "2026-01-01T10:00:00"}, False),
    ("QueryReceived", {"session_id": "s", "query": "q", "occurred_at": "2026-01-01T10:00:00+08:00"}, True),
], ids=["unknown-top-level-field-dropped", "executor-result-without-event-type-and-null-output",
        "unknown-field-in-a-tool-invocation-refused", "a-string-for-a-number", "a-time-without-offset",
        "a-time-with-offset"])
def test_the_cases_of_the_contract_both_sides_read_alike(name: str, message: dict[str, Any], accepted: bool) -> None:
    assert worker_accepts(name, message) is accepted
    assert schema_accepts(name, message) is accepted


def test_every_schema_names_its_dialect_and_itself() -> None:
    for path in sorted(SCHEMA_DIR.glob("*.json")):
        doc = json.loads(path.read_text())
        assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert doc["$id"] == f"urn:groundgate:events:v{SCHEMA_VERSION}:{path.stem}"
        Draft202012Validator.check_schema(doc)


def undescribed_fields() -> list[str]:
    """Every field of every wire model (events the schemas export, and the heartbeat they do not)
    and every property of every exported schema that says nothing of itself."""
    models = [m for m in vars(events_models).values()
              if isinstance(m, type) and issubclass(m, events_models.Model) and m.__module__ == events_models.__name__]
    missing = [f"{m.__name__}.{f}" for m in models for f, info in m.model_fields.items() if not info.description]
    for path in sorted(SCHEMA_DIR.glob("*.json")):
        doc = json.loads(path.read_text())
        for name, obj in {path.stem: doc, **doc.get("$defs", {})}.items():
            missing += [f"{path.name}: {name}.{p}" for p, v in obj.get("properties", {}).items()
                        if not v.get("description")]
    return missing


def test_every_field_of_the_contract_is_described() -> None:
    assert undescribed_fields() == []
