"""Hypothesis strategies that draw JSON values a JSON Schema accepts, for the subset of 2020-12
that pydantic exports (types, ``$ref`` into ``$defs``, ``anyOf``/``oneOf``, ``const``/``enum``,
string, number and array bounds, ``required``, ``additionalProperties``, ``format: date-time``).

hypothesis-jsonschema would do this, but its release (0.23) reaches into Hypothesis internals
that Hypothesis 6.1xx no longer has. Anything outside the subset is an error here, not a silent
guess: a schema this cannot read fails the test that uses it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from hypothesis import strategies as st

KNOWN = {"$defs", "$id", "$schema", "$ref", "type", "properties", "required", "additionalProperties", "items",
         "anyOf", "oneOf", "const", "enum", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum",
         "exclusiveMaximum", "minItems", "maxItems", "format", "default", "title", "description", "discriminator"}
EXTRA_KEYS = st.sampled_from(["priority", "trace_id", "x_custom", "tenant"])
SCALARS = (st.none() | st.booleans() | st.integers(min_value=-(2**31), max_value=2**31)
           | st.floats(allow_nan=False, allow_infinity=False, width=32) | st.text(max_size=8))
ANY_JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
OFFSETS = st.integers(min_value=-14 * 60, max_value=14 * 60).map(lambda m: timezone(timedelta(minutes=m)))
DATE_TIMES = st.builds(lambda d, tz: d.replace(tzinfo=UTC).astimezone(tz).isoformat(),
                       st.datetimes(min_value=datetime(1971, 1, 1), max_value=datetime(2200, 1, 1)),  # noqa: DTZ001
                       OFFSETS)  # (naive bounds: Hypothesis takes none other; the values get an offset)


def from_schema(root: dict[str, Any]) -> st.SearchStrategy[Any]:
    defs: dict[str, st.SearchStrategy[Any]] = {}

    def build(s: dict[str, Any]) -> st.SearchStrategy[Any]:
        unknown = set(s) - KNOWN
        if unknown:
            raise ValueError(f"schema keywords not supported here: {sorted(unknown)}")
        if "$ref" in s and "required" in s:  # a $ref with its own required keys: both apply
            target = root["$defs"][s["$ref"].removeprefix("#/$defs/")]
            return build({**target, "required": [*target.get("required", []), *s["required"]]})
        if "$ref" in s:
            name = s["$ref"].removeprefix("#/$defs/")
            if name not in defs:
                defs[name] = st.deferred(lambda: build(root["$defs"][name]))
            return defs[name]
        if "const" in s:
            return st.just(s["const"])
        if "enum" in s:
            return st.sampled_from(s["enum"])
        for key in ("anyOf", "oneOf"):
            if key in s:
                return st.one_of([build(branch) for branch in s[key]])
        kind = s.get("type")
        if isinstance(kind, list):
            return st.one_of([build({**s, "type": k}) for k in kind])
        if kind == "string":
            if s.get("format") == "date-time":
                return DATE_TIMES
            if "format" in s:
                raise ValueError(f"string format not supported here: {s['format']}")
            low = s.get("minLength", 0)
            return st.text(min_size=low, max_size=min(s.get("maxLength", 24), low + 24))
        if kind in ("integer", "number"):
            low, high = s.get("minimum"), s.get("maximum")
            if kind == "integer":
                return st.integers(min_value=low if low is not None else -(2**40),
                                   max_value=high if high is not None else 2**40)
            lo = s.get("exclusiveMinimum", low)
            return st.floats(min_value=lo if lo is not None else -1e12, max_value=high if high is not None else 1e12,
                             exclude_min="exclusiveMinimum" in s, allow_nan=False, allow_infinity=False)
        if kind == "boolean":
            return st.booleans()
        if kind == "null":
            return st.none()
        if kind == "array":
            low = s.get("minItems", 0)
            return st.lists(build(s.get("items", {})) if s.get("items") else ANY_JSON, min_size=low,
                            max_size=min(s.get("maxItems", 3), low + 3))
        if kind == "object" or "properties" in s:
            return objects(s)
        if not (set(s) - {"title", "description", "default"}):
            return ANY_JSON  # {}: anything
        raise ValueError(f"schema not supported here: {s}")

    def objects(s: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        props = s.get("properties", {})
        required = set(s.get("required", []))
        fixed = {k: build(v) for k, v in props.items() if k in required}
        optional = {k: build(v) for k, v in props.items() if k not in required}
        extra = s.get("additionalProperties", True)
        more = (st.dictionaries(EXTRA_KEYS.filter(lambda k: k not in props), ANY_JSON, max_size=2)
                if extra is True else st.just({}))
        if isinstance(extra, dict):
            more = st.dictionaries(st.text(max_size=6).filter(lambda k: k not in props), build(extra), max_size=3)
        return st.builds(lambda a, b, c: {**c, **a, **b}, st.fixed_dictionaries(fixed),
                         st.fixed_dictionaries({}, optional=optional), more)

    return build(root)
