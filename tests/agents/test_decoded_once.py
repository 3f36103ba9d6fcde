"""A record that several of the worker's agents read is decoded once (``app.kafka.decoded``): the
same event for each of them, a record at another place decoded anew, nothing kept once partitions
move, a bad record refused every time, and the memory bounded."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from app.kafka import runtime, topics
from app.kafka.decoded import Decoded
from app.kafka.session_agent import SessionAgent
from events import DecodeError, encode
from events.models import QueryReceived
from tests.agents.runtimes import offline_runtime
from tests.unit.factories import T0


class Msg(NamedTuple):
    topic: str
    partition: int
    offset: int
    key: bytes
    timestamp: float = 0.0


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = runtime.decode_record

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(runtime, "decode_record", counted)
    return calls


def _query(sid: str = "s-1") -> bytes:
    return encode(QueryReceived(session_id=sid, query="why is the disk full?", occurred_at=T0))


def test_the_agents_that_read_one_record_share_one_decoding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rt = offline_runtime(tmp_path, "decoded-test")
    calls = _counting(monkeypatch)
    msg = Msg(rt.settings.topic("query"), topics.partition_of(b"s-1", rt.settings.partitions), 7, b"s-1")
    first = rt.decode(_query(), msg)  # the session agent
    second = rt.decode_or_none(_query(), msg)  # the investigate stage
    assert second is first and len(calls) == 1
    other = rt.decode(_query(), msg._replace(offset=8))
    assert other is not first and other.event_id != first.event_id and len(calls) == 2


def test_nothing_decoded_before_partitions_moved_is_used_after(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    rt = offline_runtime(tmp_path, "decoded-moved")
    calls = _counting(monkeypatch)
    agent = SessionAgent(rt, None)  # type: ignore[arg-type]  # reads nothing back here
    msg = Msg(rt.settings.topic("query"), 0, 7, b"s-1")
    rt.decode(_query(), msg)
    asyncio.run(agent.forget())
    rt.decode(_query(), msg)
    assert len(calls) == 2


def test_a_bad_record_is_refused_by_every_reader(tmp_path: Path) -> None:
    rt = offline_runtime(tmp_path, "decoded-bad")
    msg = Msg(rt.settings.topic("query"), 0, 7, b"s-1")
    for _ in range(2):
        with pytest.raises(DecodeError):
            rt.decode(b"{not json", msg)


def test_the_memory_is_bounded_by_count_and_by_bytes() -> None:
    ev = QueryReceived(session_id="s", query="q", occurred_at=T0)
    by_count = Decoded(max_events=2, max_bytes=1000)
    for offset in range(3):
        by_count.put(("t", 0, offset), ev, 10)
    assert len(by_count) == 2 and by_count.get(("t", 0, 0)) is None and by_count.get(("t", 0, 2)) is ev
    by_bytes = Decoded(max_events=100, max_bytes=25)
    for offset in range(3):
        by_bytes.put(("t", 0, offset), ev, 10)
    assert len(by_bytes) == 2 and by_bytes.get(("t", 0, 0)) is None
    by_bytes.put(("t", 0, 9), ev, 26)  # larger than the whole budget: not kept at all
    assert by_bytes.get(("t", 0, 9)) is None and len(by_bytes) == 2
