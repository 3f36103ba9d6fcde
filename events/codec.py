"""Encode and decode events; decoding is the one place wire input is validated.

Every message is bounded before it is validated: its size (``MAX_MESSAGE_BYTES``), strict
UTF-8 with no lone surrogates, JSON nesting (``MAX_JSON_DEPTH``), then the models' own field
limits. Whatever fails raises ``DecodeError`` and nothing else, so a caller that catches it
can dead-letter any record and move on.

What is read is what the exported JSON Schemas (``events/schemas``) accept, no more and no less
(``tests/unit/test_schema_contract.py`` holds it): an older version is upcast, a newer one
trimmed, an event's unknown fields are dropped and its objects' refused (``events.upcast``), and
the models then validate strictly, with JSON's own types. A message without ``event_type`` is
the one event type its topic carries (a query on the query topic, an Executor result on the
executor-result topic); with no topic to tell, a message with a ``query`` is a query.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from datetime import UTC, datetime
from typing import Any

from pydantic import TypeAdapter, ValidationError

from events.models import MAX_ID_CHARS, Event, QueryReceived, derived_id
from events.upcast import conform, upcast

MAX_MESSAGE_BYTES = 8 * 1024 * 1024
"""The largest message a client may produce (topics are created to accept it)."""
MAX_JSON_DEPTH = 64
_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")

_adapter: TypeAdapter[Event] = TypeAdapter(Event)


class DecodeError(ValueError):
    """A message that is not a valid event; ``reason`` says why in one line, ``session_id`` is
    the session it belongs to when that can be told (from its body, else from its key)."""

    def __init__(self, reason: str, session_id: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.session_id = session_id


def message_id(topic: str, partition: int, offset: int) -> str:
    """The stable event_id of a message produced without one."""
    return derived_id("message", topic, partition, offset)


def session_of_key(key: bytes | str | None) -> str | None:
    """A record's key as a session id, when it can be one."""
    if isinstance(key, bytes):
        try:
            key = key.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if not key or len(key) > MAX_ID_CHARS or _SURROGATE.search(key):
        return None
    return key


def decode_record(value: bytes | str | None, topic: str, partition: int, offset: int,
                  timestamp_s: float | None, key: bytes | str | None = None,
                  accept: Collection[str] | None = None) -> Event:
    """Decode one log record. A message produced without ``event_id`` / ``occurred_at`` (a minimal
    query) takes them from its place and time in the log, so every reader and every redelivery
    gives it the same identity. ``accept``: the event types this topic may carry; any other is
    refused. A refused record's ``DecodeError.session_id`` falls back to its key."""
    at = datetime.fromtimestamp(timestamp_s, UTC) if timestamp_s and timestamp_s > 0 else None
    try:
        return decode(value or b"", lambda: message_id(topic, partition, offset), at, accept=accept, topic=topic)
    except DecodeError as exc:
        if exc.session_id is None:
            exc.session_id = session_of_key(key)
        raise


def encode(event: Event) -> bytes:
    return event.model_dump_json().encode()


def to_dict(event: Event) -> dict[str, Any]:
    return event.model_dump(mode="json")


def _short(err: ValidationError) -> str:
    parts = []
    for e in err.errors(include_input=False, include_url=False)[:5]:
        loc = ".".join(str(x) for x in e["loc"]) or "<root>"
        parts.append(f"{loc}: {e['msg']}")
    return "; ".join(parts)


def check_tree(data: Any, strings: bool = True) -> None:
    """Nesting (and, when ``strings``, lone surrogates) without recursion: a hostile message
    cannot exhaust the stack."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, str):
            if strings and _SURROGATE.search(node):
                raise DecodeError("a string holds a lone UTF-16 surrogate (not valid Unicode text)")
            continue
        if not isinstance(node, dict | list):
            continue
        if depth > MAX_JSON_DEPTH:
            raise DecodeError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels")
        if isinstance(node, dict):
            if strings:
                stack.extend((k, depth) for k in node)
            stack.extend((v, depth + 1) for v in node.values() if strings or isinstance(v, dict | list))
        else:
            stack.extend((v, depth + 1) for v in node if strings or isinstance(v, dict | list))


def _parse(raw: bytes | str) -> tuple[Any, bool]:
    """The JSON value, and whether it may hold a lone surrogate (only an escape can make one:
    strict UTF-8 decoding refuses encoded ones)."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise DecodeError(f"message too large: {len(raw)} bytes > {MAX_MESSAGE_BYTES}")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise DecodeError(f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    try:
        return json.loads(text), _ESCAPED_SURROGATE.search(text) is not None or _SURROGATE.search(text) is not None
    except json.JSONDecodeError as exc:
        raise DecodeError(f"not JSON: {exc}") from None
    except RecursionError:
        raise DecodeError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels") from None


def _session_of(data: dict[str, Any]) -> str | None:
    sid = data.get("session_id")
    return sid if isinstance(sid, str) and 0 < len(sid) <= MAX_ID_CHARS and not _SURROGATE.search(sid) else None


def decode(raw: bytes | str | dict[str, Any], default_id: str | Callable[[], str] | None = None,
           default_time: datetime | None = None, accept: Collection[str] | None = None,
           topic: str = "this topic") -> Event:
    """Decode one message. A dict with ``query`` and no ``event_type`` is a minimal query.

    ``default_id`` is the event_id of a message that has none (or what computes it, called only
    then): derive it from where the message sits in the log (see ``message_id``) so that
    redelivery keeps the same id;
    ``default_time`` (the record's timestamp) is likewise its ``occurred_at``; ``accept``
    limits the event types taken (a client topic takes only client events), and a message with
    no ``event_type`` is the one type ``accept`` names.
    """
    data, strings = _parse(raw) if isinstance(raw, bytes | str) else (raw, True)
    if not isinstance(data, dict):
        raise DecodeError(f"not a JSON object but {type(data).__name__}")
    session_id = _session_of(data)
    try:
        check_tree(data, strings)
    except DecodeError as exc:
        exc.session_id = session_id
        raise
    data = upcast(data)
    if default_id is not None and "event_id" not in data:
        data = {**data, "event_id": default_id() if callable(default_id) else default_id}
    if default_time is not None and "occurred_at" not in data:
        data = {**data, "occurred_at": default_time}
    if "event_type" not in data:
        if accept is not None and len(accept) == 1:
            data = {**data, "event_type": next(iter(accept))}
        elif "query" in data:
            data = {**data, "event_type": QueryReceived.model_fields["event_type"].default}
        else:
            raise DecodeError("missing event_type (and not a minimal query)", session_id)
    kind = data["event_type"]
    if not isinstance(kind, str):
        raise DecodeError(f"event_type is not a string but {type(kind).__name__}", session_id)
    if accept is not None and kind not in accept:
        shown = kind[:60] if isinstance(kind, str) else type(kind).__name__
        raise DecodeError(f"{shown!r} is not accepted on {topic} (it takes only {', '.join(sorted(accept))})",
                          session_id)
    try:
        return _adapter.validate_python(conform(data), strict=True)
    except ValidationError as exc:
        shown = kind[:60] if isinstance(kind, str) else kind
        raise DecodeError(f"invalid {shown!r}: {_short(exc)}", session_id) from None
    except RecursionError:  # defensive: check_tree bounds depth, so validation cannot recurse far
        raise DecodeError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels", session_id) from None
