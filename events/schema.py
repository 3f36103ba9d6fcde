"""Export the JSON Schemas of every event to ``events/schemas`` (``--write``) or check them.

Each file is a JSON Schema 2020-12 document with an ``$id`` naming the event and the contract
version. The schemas say what the worker reads (``events.codec``): an event's own unknown fields
are allowed (the worker drops them), the objects inside an event refuse theirs, as the worker
does. ``Event.json`` is any event, told apart by ``event_type``; the per-type files are what a
client writes to a topic that carries that one type, where ``event_type`` may be left out.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from events.models import EVENT_TYPES, SCHEMA_VERSION, Event, QueryReceived

SCHEMA_DIR = Path(__file__).parent / "schemas"
DIALECT = "https://json-schema.org/draft/2020-12/schema"
EVENT_NAMES = frozenset(cls.__name__ for cls in EVENT_TYPES)


def schema_id(name: str) -> str:
    """A stable URI for the schema of ``name`` at this contract version."""
    return f"urn:groundgate:events:v{SCHEMA_VERSION}:{name}"


def _tolerant_events(schema: dict[str, Any], root_is_event: bool) -> dict[str, Any]:
    """Every event's object allows unknown fields (the tolerant reader drops them); nested
    objects keep ``additionalProperties: false``."""
    if root_is_event:
        schema.pop("additionalProperties", None)
    for name, definition in schema.get("$defs", {}).items():
        if name in EVENT_NAMES:
            definition.pop("additionalProperties", None)
    return schema


def _typed_union(schema: dict[str, Any]) -> dict[str, Any]:
    """In the union of every event, ``event_type`` says which one; without it a message is a
    query (the minimal ``{"session_id", "query"}``), as ``events.codec.decode`` reads it."""
    query = f"#/$defs/{QueryReceived.__name__}"
    schema["oneOf"] = [branch if branch["$ref"] == query else {**branch, "required": ["event_type"]}
                       for branch in schema["oneOf"]]
    return schema


def document(name: str, schema: dict[str, Any], root_is_event: bool) -> str:
    out = {"$schema": DIALECT, "$id": schema_id(name), **_tolerant_events(schema, root_is_event)}
    return json.dumps(out, indent=2, sort_keys=True) + "\n"


def render_all() -> dict[str, str]:
    out = {f"{cls.__name__}.json": document(cls.__name__, cls.model_json_schema(), True) for cls in EVENT_TYPES}
    out["Event.json"] = document("Event", _typed_union(TypeAdapter(Event).json_schema()), False)
    return out


def main() -> int:
    rendered = render_all()
    if "--write" in sys.argv:
        SCHEMA_DIR.mkdir(exist_ok=True)
        for name, text in rendered.items():
            (SCHEMA_DIR / name).write_text(text)
        return 0
    stale = [n for n, t in rendered.items() if not (SCHEMA_DIR / n).exists() or (SCHEMA_DIR / n).read_text() != t]
    for n in stale:
        print(f"stale schema: {n} (run `make schemas`)")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
