"""Reading events across contract versions, and the tolerant reader of the current one.

Each upcaster turns a version-N event (a JSON object) into version N+1; ``upcast`` applies them
in order. A newer producer's event is trimmed at every level to the fields this version knows,
so a worker and a producer of different versions still understand each other.

``conform`` is how an event of this version is read (``events.codec`` calls it last, before the
models validate strictly, with JSON's own types: no "2" for 2, no true for 1):

- an unknown field of an **event** (the envelope and its payload fields, at the top level or an
  event carried in another, like a nudge's opener) is dropped: a client may send
  ``{"session_id", "query", "priority": "high"}`` and the worker reads the query;
- an unknown field **inside** an event's objects (a tool invocation, a claim, an action, a retry
  context, …) is refused, and the message is dead-lettered with the field named. Dropping there
  is unsafe: a misspelt field silently takes its default, and a tool invocation's defaults make
  a call evidence (``"sucess": false`` read as ``success: true`` would turn a failed call's error
  text into support for a claim). At the top level every default fails closed (a misspelt
  ``tool_invocations`` leaves no evidence; a misspelt ``deadline_s`` takes the worker's).
- a date-time is an RFC 3339 string with its offset; one without is refused (a naive time cannot
  be compared with the deadlines the worker computes in UTC).
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable
from datetime import datetime
from typing import Any, NamedTuple

from pydantic import BaseModel, TypeAdapter, ValidationError

from events.models import EVENT_TYPES, SCHEMA_VERSION, Envelope

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
_BY_TYPE = {cls.model_fields["event_type"].default: cls for cls in EVENT_TYPES}
_DATETIME: TypeAdapter[datetime] = TypeAdapter(datetime)


def model_of(kind: object) -> type[Envelope] | None:
    """The event class an ``event_type`` value names (None for anything else, a list included)."""
    return _BY_TYPE.get(kind) if isinstance(kind, str) else None


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 keeps a large Executor result by its place in the log: a version-1 nudge that
    carried one itself is read without it (the session has it, or the ledger sends a new nudge)."""
    opener = data.get("opener")
    if data.get("event_type") == "WatchdogFired" and isinstance(opener, dict) \
            and opener.get("event_type") == "ExecutorFinished":
        data = {**data, "opener": None}
    return {**data, "schema_version": 2}


UPCASTERS: dict[int, Upcaster] = {1: _v1_to_v2}
"""From version key to key + 1."""


def upcast(data: dict[str, Any]) -> dict[str, Any]:
    version = data.get("schema_version", SCHEMA_VERSION)
    if not isinstance(version, int) or isinstance(version, bool):
        return data  # validation says what is wrong with it
    while version < SCHEMA_VERSION and version in UPCASTERS:
        data = UPCASTERS[version](data)
        version += 1
    if version > SCHEMA_VERSION:
        cls = model_of(data.get("event_type", "QueryReceived"))
        data = _trim(data, cls) if cls is not None else data
    return data


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models a field's type can hold (through Optional, unions, lists, Annotated)."""
    origin = typing.get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    if origin is typing.Annotated:
        return _models_in(typing.get_args(annotation)[0])
    if origin in (list, typing.Union, types.UnionType):
        return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]
    return []


def _trim(value: Any, cls: type[BaseModel]) -> Any:
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for name, field in cls.model_fields.items():
        if name not in value:
            continue
        models = _models_in(field.annotation)
        v = value[name]
        if len(models) == 1:
            v = [_trim(x, models[0]) for x in v] if isinstance(v, list) else _trim(v, models[0])
        elif models and isinstance(v, dict) and "event_type" in v:
            v = _trim(v, model_of(v["event_type"]) or models[0])
        out[name] = v
    return out


def conform(data: dict[str, Any]) -> dict[str, Any]:
    """An event of this version as the models read it (see the module docstring); ``data`` has
    its ``event_type``. Whatever does not conform is left for validation to refuse."""
    cls = model_of(data.get("event_type"))
    return _conform(data, cls) if cls is not None else data


class _Field(NamedTuple):
    """What reading one field of a model needs to know of its type, worked out once per model."""

    time: bool
    """May hold a date-time (read from its RFC 3339 string)."""
    integer: bool
    """Holds an int and no float (2.0 is read as 2)."""
    models: tuple[type[BaseModel], ...]
    """The models it may hold (through Optional, unions, lists, Annotated)."""


@functools.cache
def _plan(cls: type[BaseModel]) -> tuple[bool, dict[str, _Field]]:
    """Whether ``cls`` is an event, and its fields' types as ``_conform`` reads them: the same for
    every message, so worked out once per model rather than once per field of each message."""
    fields = {name: _Field(time=_holds(f.annotation, datetime),
                           integer=_holds(f.annotation, int) and not _holds(f.annotation, float),
                           models=tuple(_models_in(f.annotation)))
              for name, f in cls.model_fields.items()}
    return issubclass(cls, Envelope), fields


def _conform(value: dict[str, Any], cls: type[BaseModel]) -> dict[str, Any]:
    event, fields = _plan(cls)
    out: dict[str, Any] = {}
    for name, v in value.items():
        field = fields.get(name)
        if field is None:
            if not event:
                out[name] = v  # refused by validation, named
            continue
        out[name] = _conform_value(v, field)
    return out


def _conform_value(v: Any, field: _Field) -> Any:
    if isinstance(v, str) and field.time:
        return _time(v)
    if isinstance(v, float) and field.integer and v.is_integer():
        return int(v)  # JSON has one number type: 2.0 is the integer 2, as JSON Schema reads it
    models = field.models
    if not models:
        return v
    if isinstance(v, list):
        return [_conform(x, models[0]) if isinstance(x, dict) and len(models) == 1 else x for x in v]
    if isinstance(v, dict):
        cls = models[0] if len(models) == 1 else model_of(v.get("event_type"))
        return _conform(v, cls) if cls is not None else v
    return v


def _time(text: str) -> Any:
    """An RFC 3339 date-time with its offset, parsed; anything else is left as it is (a string,
    which strict validation refuses)."""
    try:
        parsed = _DATETIME.validate_strings(text, strict=True)
    except ValidationError:
        return text
    return parsed if parsed.tzinfo is not None and "T" in text.upper() else text


def _holds(annotation: Any, kind: type) -> bool:
    """Whether a field's type is ``kind`` or may be (through Optional, unions, Annotated)."""
    if annotation is kind:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _holds(typing.get_args(annotation)[0], kind)
    if origin in (typing.Union, types.UnionType):
        return any(_holds(a, kind) for a in typing.get_args(annotation))
    return False
