"""One strictness for every model output that must be JSON (Planner, Executor, Verifier,
Composer): the whole text, whitespace aside, is exactly one JSON object — no code fences, no
prose around it, no second value —, its nesting cannot exhaust the stack, and no string in it
holds a lone UTF-16 surrogate (the codec's checks of an event)."""

from __future__ import annotations

import json
from typing import Any

from events.codec import DecodeError, check_tree


class NotOneObject(ValueError):
    """Model output that is not exactly one JSON object; the message says why in one line."""


def one_object(text: str) -> dict[str, Any]:
    stripped = text.strip()
    if not stripped.startswith("{") or not stripped.endswith("}"):
        raise NotOneObject("output is not exactly one JSON object (text or fences around it)")
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError as exc:
        raise NotOneObject(f"invalid JSON: {exc}") from None
    except RecursionError:
        raise NotOneObject("JSON nested too deep") from None
    if not isinstance(data, dict):  # pragma: no cover - braces around anything else do not parse
        raise NotOneObject(f"not a JSON object but {type(data).__name__}")
    try:  # what an event may not hold, a model's output may not either (a "\\udc00" escape decodes)
        check_tree(data)
    except DecodeError as exc:
        raise NotOneObject(str(exc)) from None
    return data
