"""Whether a model's reply can be used, and if not, why: one classification for every role, so
that the audit, the metrics and the log name the same reason.

Reasons: ``truncated`` (the reply stopped at the role's max tokens: what a model that loops on
its chat template produces), ``empty`` (no text and no tool call), ``not_json`` (not exactly one
JSON object), ``schema`` (one object, not of the shape asked for), ``placeholder`` (a text field
that holds no letter or digit in any script: an example copied from the prompt, ``"..."``) and
``unfounded`` (the Composer said more than its material: refused by the safety rules).
"""

from __future__ import annotations

import re
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from app.domain.strict_json import NotOneObject, one_object
from app.domain.verifier import VerifierOutputError

Reason = Literal["truncated", "empty", "not_json", "schema", "placeholder", "unfounded"]
REASONS: tuple[Reason, ...] = ("truncated", "empty", "not_json", "schema", "placeholder", "unfounded")
M = TypeVar("M", bound=BaseModel)
_CONTENT = re.compile(r"[^\W_]")
"""A letter or a digit, in any script (Python's ``\\w`` is Unicode-aware)."""


class Unusable(ValueError):
    """A reply that cannot be used; ``str()`` is ``reason: detail`` (never the reply itself)."""

    def __init__(self, reason: Reason, detail: str) -> None:
        super().__init__(f"{reason}: {detail}"[:200])
        self.reason: Reason = reason
        self.detail = detail


def reason_of(error: str) -> Reason | None:
    """The reason an ``Unusable``'s text (as stored in a call's ``error``) starts with."""
    head = error.split(":", 1)[0]
    return next((r for r in REASONS if r == head), None)


def unusable_verdict(exc: VerifierOutputError) -> Unusable:
    """A Verifier reply the strict parser refused, its reason named: one object of the wrong
    shape is ``schema``, anything else ``not_json``."""
    why = str(exc)
    if why.startswith("schema: "):
        return Unusable("schema", why.removeprefix("schema: "))
    return Unusable("not_json", why)


def composer_refusal(parsed_valid: bool, detail: str) -> str:
    """``reason: detail`` of a Composer reply the stage's parse or safety rules refused: valid JSON
    that said more (or less) than its material is ``unfounded``, anything else ``schema``."""
    reason: Reason = "unfounded" if parsed_valid else "schema"
    return f"{reason}: {detail}"


def check_finished(text: str, finish_reason: str, max_tokens: int, has_tool_calls: bool = False) -> None:
    """A reply cut at max tokens or with nothing in it is unusable whatever the role."""
    if finish_reason == "length":
        raise Unusable("truncated", f"the reply stopped at max_tokens={max_tokens}")
    if not text.strip() and not has_tool_calls:
        raise Unusable("empty", "no text and no tool call")


def placeholder(value: Any, path: str = "") -> str | None:
    """The path of the first string in ``value`` that is not empty yet holds no letter or digit
    (``"..."``, ``"…"``, ``"-"``); None when every string says something (or nothing at all)."""
    if isinstance(value, str):
        return (path or "$") if value.strip() and not _CONTENT.search(value) else None
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for k, v in items:
        found = placeholder(v, f"{path}.{k}" if path else str(k))
        if found is not None:
            return found
    return None


def json_reply(text: str, model: type[M]) -> M:
    """``text`` as one JSON object of ``model``'s shape whose strings all carry content."""
    try:
        data = one_object(text)
    except NotOneObject as exc:
        raise Unusable("not_json", str(exc)) from None
    try:
        parsed = model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise Unusable("schema", f"{'.'.join(map(str, first['loc']))}: {first['msg']}") from None
    where = placeholder(data)
    if where is not None:
        raise Unusable("placeholder", f"{where} holds no words (an example copied from the prompt?)")
    return parsed
