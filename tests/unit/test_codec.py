"""The wire contract: what a client in any language may produce, and what is refused."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from events import DecodeError, decode, encode, message_id
from events.models import AnswerComposed, QueryReceived
from events.schema import SCHEMA_DIR, render_all


def test_minimal_query_is_accepted_with_the_rest_defaulted() -> None:
    ev = decode(b'{"session_id": "s-1", "query": "why is db-1 slow?"}')
    assert isinstance(ev, QueryReceived)
    assert ev.session_id == "s-1" and ev.round == 1 and ev.deadline_s > 0


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
        decode(b'{"session_id": "s", "query": "' + b"x" * 1_100_000 + b'"}')


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
