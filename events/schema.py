"""Export the JSON Schemas of every event to ``events/schemas`` (``--write``) or check them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pydantic import TypeAdapter

from events.models import EVENT_TYPES, Event

SCHEMA_DIR = Path(__file__).parent / "schemas"


def render_all() -> dict[str, str]:
    out = {
        f"{cls.__name__}.json": json.dumps(cls.model_json_schema(), indent=2, sort_keys=True) + "\n"
        for cls in EVENT_TYPES
    }
    out["Event.json"] = json.dumps(TypeAdapter(Event).json_schema(), indent=2, sort_keys=True) + "\n"
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
