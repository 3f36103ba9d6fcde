"""Reading events across contract versions: older events are upcast, newer events' unknown
fields are trimmed, so a worker and a producer of different versions still understand each
other (a newer producer's event is not dead-lettered by an older worker).

Each upcaster turns a version-N event (a JSON object) into version N+1; ``upcast`` applies them
in order. ``trim`` keeps, at every level, only the fields this version knows.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from events.models import EVENT_TYPES, SCHEMA_VERSION

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
_BY_TYPE = {cls.model_fields["event_type"].default: cls for cls in EVENT_TYPES}


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
    if not isinstance(version, int):
        return data  # validation says what is wrong with it
    while version < SCHEMA_VERSION and version in UPCASTERS:
        data = UPCASTERS[version](data)
        version += 1
    if version > SCHEMA_VERSION:
        cls = _BY_TYPE.get(data.get("event_type", "QueryReceived"))
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
            v = _trim(v, _BY_TYPE.get(v["event_type"], models[0]))
        out[name] = v
    return out
