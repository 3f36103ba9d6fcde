"""The wire contract: what a client in any language may produce, and what is refused."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from events import DecodeError, decode, decode_record, encode, message_id
from events.codec import MAX_JSON_DEPTH, MAX_MESSAGE_BYTES
from events.models import (
    MAX_CLAIM_CHARS,
    MAX_ID_CHARS,
    MAX_QUERY_CHARS,
    AnswerComposed,
    Event,
    ExecutorFinished,
    QueryReceived,
    RetryContext,
    RetryRequested,
    ToolInvocation,
    WatchdogFired,
)
from events.schema import SCHEMA_DIR, render_all


def test_minimal_query_is_accepted_with_the_rest_defaulted() -> None:
    ev = decode(b'{"session_id": "s-1", "query": "why is db-1 slow?"}')
    assert isinstance(ev, QueryReceived)
    assert ev.session_id == "s-1" and ev.round == 1
    assert ev.deadline_s is None, "no deadline on the wire: the worker's configured one applies at the edge"


def test_minimal_query_gets_its_id_and_time_from_its_place_in_the_log() -> None:
    at = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    raw = b'{"session_id": "s-1", "query": "q"}'
    a = decode(raw, message_id("t", 0, 7), at)
    b = decode(raw, message_id("t", 0, 7), at)
    assert a.event_id == b.event_id and a.occurred_at == at
    assert decode(raw, message_id("t", 0, 8)).event_id != a.event_id


def test_full_query_received_round_trips() -> None:
    q = QueryReceived(session_id="s-2", query="为什么 redis 写入失败？", language="zh", deadline_s=30)
    assert decode(encode(q)) == q


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"not json", "not JSON"),
        (b"[1, 2]", "not a JSON object"),
        (b'{"session_id": "s", "event_type": "Nonsense"}', "Nonsense"),
        (b'{"query": "no session"}', "session_id"),
        (b'{"session_id": "s", "query": ""}', "query"),
        (b'{"session_id": "s"}', "missing event_type"),
        (b'{"session_id": "s", "query": "x", "round": 3}', "round"),
    ],
    ids=["not-json", "not-object", "unknown-event-type", "missing-session-id", "empty-query",
         "no-type-no-query", "round-out-of-range"],
)
def test_bad_input_is_refused_with_a_reason(raw: bytes, reason: str) -> None:
    with pytest.raises(DecodeError) as exc:
        decode(raw)
    assert reason in exc.value.reason


def test_oversize_payload_is_refused_before_parsing() -> None:
    with pytest.raises(DecodeError, match="too large"):
        decode(b'{"session_id": "s", "query": "' + b"x" * (MAX_MESSAGE_BYTES + 1) + b'"}')


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 1_000, 10_000, 200_000])
def test_deeply_nested_json_is_refused_with_a_reason_not_a_recursion_error(depth: int) -> None:
    nested = "[" * depth + "]" * depth
    raw = f'{{"session_id": "s-deep", "query": "q", "language": {nested}}}'.encode()
    with pytest.raises(DecodeError, match="nested deeper") as exc:
        decode(raw)
    if depth < 1_000:  # parsed, then refused: the body still names its session
        assert exc.value.session_id == "s-deep"


def test_nesting_within_the_limit_is_only_refused_by_the_schema() -> None:
    args = {"a": {"b": {"c": [1, [2, [3]]]}}}
    ev = ExecutorFinished(session_id="s", original_query="q", tool_invocations=[
        ToolInvocation(invocation_id="i", tool_name="t", arguments=args)])
    assert decode(encode(ev)) == ev


@pytest.mark.parametrize(
    ("field", "value"),
    [("session_id", "s" * (MAX_ID_CHARS + 1)), ("query", "q" * (MAX_QUERY_CHARS + 1))],
    ids=["session-id-too-long", "query-too-long"],
)
def test_fields_over_their_limit_are_refused(field: str, value: str) -> None:
    body = {"session_id": "s-1", "query": "q", field: value}
    with pytest.raises(DecodeError, match=field):
        decode(json.dumps(body).encode())


def test_a_claim_text_over_its_limit_is_refused() -> None:
    body = {"event_type": "ExecutorFinished", "session_id": "s-1", "original_query": "q",
            "executor_output": {"claims": [{"claim_id": "c1", "text": "x" * (MAX_CLAIM_CHARS + 1)}]}}
    with pytest.raises(DecodeError, match="claims.0.text") as exc:
        decode(json.dumps(body).encode())
    assert exc.value.session_id == "s-1"


def test_a_failed_invocation_with_null_output_is_read_as_empty() -> None:
    body = {"event_type": "ExecutorFinished", "session_id": "s-1", "original_query": "q",
            "tool_invocations": [{"invocation_id": "i1", "tool_name": "log_search", "success": False,
                                  "output": None, "error": "timed out"}]}
    ev = decode(json.dumps(body).encode())
    assert isinstance(ev, ExecutorFinished) and ev.tool_invocations[0].output == ""


def test_an_escaped_lone_surrogate_is_refused_at_decoding() -> None:
    with pytest.raises(DecodeError, match="surrogate") as exc:
        decode(b'{"session_id": "s-1", "query": "bad \\ud800 surrogate"}')
    assert exc.value.session_id == "s-1"


def test_surrogate_bytes_in_utf8_are_refused() -> None:
    with pytest.raises(DecodeError, match="not UTF-8"):
        decode(b'{"session_id": "s-1", "query": "' + bytes([0xED, 0xA0, 0x80]) + b'"}')


def test_an_unreadable_record_takes_its_session_from_the_key() -> None:
    with pytest.raises(DecodeError) as exc:
        decode_record(b"\x00 not json", "gg.query", 0, 5, None, key=b"s-keyed")
    assert exc.value.session_id == "s-keyed"
    with pytest.raises(DecodeError) as exc:
        decode_record(b"nope", "gg.query", 0, 5, None, key=b"k" * (MAX_ID_CHARS + 1))
    assert exc.value.session_id is None, "a key that cannot be a session id is not one"


FORGED = [
    WatchdogFired(session_id="victim", kind="deadline"),
    AnswerComposed(session_id="victim", verdict="PASS", groundedness_score=1.0, final_answer="forged", rounds=1),
    RetryRequested(session_id="victim", round=2, original_query="", retry_context=RetryContext()),
]


@pytest.mark.parametrize("forged", FORGED, ids=lambda e: e.event_type)
def test_a_client_topic_refuses_valid_internal_events(forged: Event) -> None:
    with pytest.raises(DecodeError, match="not accepted on gg.query") as exc:
        decode_record(encode(forged), "gg.query", 0, 1, None, accept={"QueryReceived"})
    assert exc.value.session_id == "victim"


def test_answer_composed_carries_what_a_consumer_needs() -> None:
    fields = set(AnswerComposed.model_fields)
    assert {"session_id", "verdict", "groundedness_score", "final_answer", "rounds", "event_id"} <= fields


def test_checked_in_json_schemas_match_the_models() -> None:
    stale = [n for n, t in render_all().items() if not (SCHEMA_DIR / n).exists() or (SCHEMA_DIR / n).read_text() != t]
    assert not stale, f"run `make schemas`: {stale}"


@given(sid=st.text(min_size=1, max_size=50), q=st.text(min_size=1, max_size=200),
       deadline=st.floats(min_value=0.1, max_value=3600))
def test_query_codec_round_trip(sid: str, q: str, deadline: float) -> None:
    ev = QueryReceived(session_id=sid, query=q, deadline_s=deadline)
    assert decode(encode(ev)) == ev
    assert json.loads(encode(ev))["event_type"] == "QueryReceived"


def test_a_version_1_event_is_upcast_on_decode() -> None:
    big = ExecutorFinished(session_id="s-old", original_query="q").model_dump(mode="json")
    old = {"event_type": "WatchdogFired", "schema_version": 1, "session_id": "s-old", "kind": "stalled",
           "event_id": "w-1", "opener": big}
    ev = decode(json.dumps(old))
    assert isinstance(ev, WatchdogFired) and ev.schema_version == 2 and ev.opener is None


def test_a_newer_producers_unknown_fields_are_trimmed_not_dead_lettered() -> None:
    newer = {"session_id": "s-new", "query": "why?", "schema_version": 99, "priority": "high",
             "event_type": "QueryReceived"}
    ev = decode(json.dumps(newer))
    assert isinstance(ev, QueryReceived) and ev.query == "why?"
    nested = ExecutorFinished(session_id="s-new", original_query="q", tool_invocations=[
        ToolInvocation(invocation_id="i", tool_name="t")]).model_dump(mode="json")
    nested.update(schema_version=99, trace_id="x")
    nested["tool_invocations"][0]["cost_usd"] = 0.01
    assert isinstance(decode(json.dumps(nested)), ExecutorFinished)


def test_an_events_unknown_fields_are_dropped_and_its_objects_refuse_theirs() -> None:
    """The tolerant reader (events.upcast.conform): a client's extra field on the event is not a
    reason to refuse its query; a misspelt field inside a tool invocation would silently take a
    default that makes a failed call evidence, so it is refused with its name."""
    ev = decode(json.dumps({"session_id": "bad-4", "query": "why?", "priority": "high"}))
    assert isinstance(ev, QueryReceived) and ev.query == "why?"
    with pytest.raises(DecodeError, match="sucess"):
        decode(json.dumps({"event_type": "ExecutorFinished", "session_id": "s", "original_query": "q",
                           "tool_invocations": [{"invocation_id": "i", "tool_name": "t", "sucess": False}]}))


def test_an_executor_result_without_event_type_is_one_on_its_topic() -> None:
    raw = json.dumps({"session_id": "s", "original_query": "q"})
    assert isinstance(decode_record(raw, "gg.executor-result", 0, 1, None, accept={"ExecutorFinished"}),
                      ExecutorFinished)
    with pytest.raises(DecodeError, match="missing event_type"):
        decode(raw)


@pytest.mark.parametrize("kind", [[], {}, 1, None], ids=["list", "object", "number", "null"])
def test_an_event_type_that_is_not_a_string_is_refused_with_a_reason(kind: object) -> None:
    with pytest.raises(DecodeError, match="event_type"):
        decode(json.dumps({"session_id": "s", "query": "q", "event_type": kind}))
    with pytest.raises(DecodeError):
        decode(json.dumps({"session_id": "s", "query": "q", "event_type": kind, "schema_version": 99}))


@pytest.mark.parametrize(("field", "value"), [("round", "1"), ("round", True), ("deadline_s", "30"),
                                              ("schema_version", True), ("occurred_at", "2026-01-01T10:00:00"),
                                              ("occurred_at", 1767261600)],
                         ids=["round-as-string", "round-as-bool", "deadline-as-string", "version-as-bool",
                              "time-without-offset", "time-as-epoch"])
def test_values_of_another_json_type_are_refused(field: str, value: object) -> None:
    with pytest.raises(DecodeError, match=field):
        decode(json.dumps({"session_id": "s", "query": "q", field: value}))


@given(st.lists(st.one_of(st.text(alphabet=st.characters(codec="utf-8")), st.integers()), max_size=5))
def test_a_derived_id_is_the_uuid5_of_its_parts_as_it_always_was(parts: list[str | int]) -> None:
    """Ids derived from a session, round and stage must not change between versions: a worker of a
    new version re-doing a step emits the very id an older one did (the fold takes it once)."""
    from events.models import NAMESPACE, derived_id

    assert derived_id(*parts) == str(uuid.uuid5(NAMESPACE, "/".join(str(p) for p in parts)))
