"""Encode and decode events; decoding is the one place wire input is validated."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from pydantic import TypeAdapter, ValidationError

from events.models import Event, QueryReceived, derived_id

MAX_MESSAGE_BYTES = 1_000_000

_adapter: TypeAdapter[Event] = TypeAdapter(Event)


class DecodeError(ValueError):
    """A message that is not a valid event; ``reason`` says why in one line."""

    def __init__(self, reason: str, session_id: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.session_id = session_id


def message_id(topic: str, partition: int, offset: int) -> str:
    """The stable event_id of a message produced without one."""
    return derived_id("message", topic, partition, offset)


def decode_record(value: bytes | str | None, topic: str, partition: int, offset: int,
                  timestamp_s: float | None) -> Event:
    """Decode one log record. A message produced without ``event_id`` / ``occurred_at`` (a minimal
    query) takes them from its place and time in the log, so every reader and every redelivery
    gives it the same identity."""
    at = datetime.fromtimestamp(timestamp_s, UTC) if timestamp_s and timestamp_s > 0 else None
    return decode(value or b"", message_id(topic, partition, offset), at)


def encode(event: Event) -> bytes:
    return event.model_dump_json().encode()


def to_dict(event: Event) -> dict[str, Any]:
    return event.model_dump(mode="json")


def _short(err: ValidationError) -> str:
    parts = []
    for e in err.errors()[:5]:
        loc = ".".join(str(x) for x in e["loc"]) or "<root>"
        parts.append(f"{loc}: {e['msg']}")
    return "; ".join(parts)


def decode(raw: bytes | str | dict[str, Any], default_id: str | None = None,
           default_time: datetime | None = None) -> Event:
    """Decode one message. A dict with ``query`` and no ``event_type`` is a minimal query.

    ``default_id`` is the event_id of a message that has none: derive it from where the
    message sits in the log (see ``message_id``) so that redelivery keeps the same id;
    ``default_time`` (the record's timestamp) is likewise its ``occurred_at``.
    """
    if isinstance(raw, bytes | str):
        if len(raw) > MAX_MESSAGE_BYTES:
            raise DecodeError(f"message too large: {len(raw)} bytes > {MAX_MESSAGE_BYTES}")
        try:
            data = json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise DecodeError(f"not JSON: {exc}") from None
    else:
        data = raw
    if not isinstance(data, dict):
        raise DecodeError(f"not a JSON object but {type(data).__name__}")
    session_id = data.get("session_id") if isinstance(data.get("session_id"), str) else None
    if default_id is not None and "event_id" not in data:
        data = {**data, "event_id": default_id}
    if default_time is not None and "occurred_at" not in data:
        data = {**data, "occurred_at": default_time}
    if "event_type" not in data:
        if "query" not in data:
            raise DecodeError("missing event_type (and not a minimal query)", session_id)
        data = {**data, "event_type": QueryReceived.model_fields["event_type"].default}
    try:
        return _adapter.validate_python(data)
    except ValidationError as exc:
        raise DecodeError(f"invalid {data.get('event_type')!r}: {_short(exc)}", session_id) from None
