"""Key entities of a claim: error codes, hosts, IPs and ports, pids, numbers with units, quotes.

Regexes use explicit ASCII look-arounds rather than ``\\b``: CJK ideographs count as word
characters, so ``主机db-03`` has no word boundary before ``db``.
"""

from __future__ import annotations

import functools
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from app.domain import specific, units
from app.domain.text import canonical

Kind = Literal["error_code", "host", "ip", "port", "pid", "quantity", "quote"]

_L = r"(?<![A-Za-z0-9_.-])"
_CJK = r"[\u4e00-\u9fff]"
_R = r"(?![A-Za-z0-9_-])"

_PATTERNS: list[tuple[Kind, re.Pattern[str]]] = [
    ("ip", re.compile(_L + r"(\d{1,3}(?:\.\d{1,3}){3})(?::(\d{1,5}))?" + _R)),
    ("error_code", re.compile(_L + r"((?:[A-Z]{1,10}[-_]?\d{2,}[A-Z0-9-]*)|(?:0x[0-9A-Fa-f]{4,}))" + _R)),
    ("host", re.compile(_L + r"([a-z][a-z0-9]*(?:-[a-z0-9]+)+(?:\.[a-z0-9-]+)*)" + _R)),
    ("port", re.compile(r"(?i)(?:port|端口)\s*[:=]?\s*(\d{2,5})" + _R)),
    ("pid", re.compile(r"(?i)(?:pid|进程号?)\s*[:=#]?\s*(\d{2,8})" + _R)),
    (
        "quantity",
        re.compile(
            r"(?<![A-Za-z0-9_.])(?<!\d:)(\d+(?:\.\d+)?)\s?(%|ms|s|sec|seconds|min|minutes|h|hours|MB|GB|TB|KB|MiB|GiB|"
            r"KiB|req/s|rps|qps|秒|毫秒|分钟|小时|次|个|条)(?![A-Za-z]|\.[A-Za-z])"  # not 04:19 s.patel
        ),
    ),
    ("quote", re.compile(r"[\"“「`]([^\"”」`\n]{4,160})[\"”」`]")),
    # Single quotes only where they stand outside words: an apostrophe (Mugabe's, d'état) is no quote mark.
    ("quote", re.compile(r"(?<![\w'])'([^'\n]{4,160})'(?![\w'])")),
]


class Entity(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: Kind
    value: str
    unit: str = ""
    hedge: str = ""
    """The hedge before a quantity (``about``, ``约``): a rounded value (``app.domain.units``)."""

    @property
    def needle(self) -> str:
        return f"{self.value}{self.unit}".lower()


def _has_digit(s: str) -> bool:
    return any(c.isdigit() for c in s)


def extract(text: str) -> list[Entity]:
    """The key entities of ``text``, read in its canonical form (``text.canonical``: a full-width
    or zero-width-split code is still a code); short texts are remembered (claims are looked at
    often)."""
    return list(_extract_cached(text) if len(text) <= 4096 else _extract(text))


@functools.lru_cache(maxsize=16_384)
def _extract_cached(text: str) -> tuple[Entity, ...]:
    return _extract(text)


def _extract(text: str) -> tuple[Entity, ...]:
    text = canonical(text)
    plain = units.plain_numbers(text)  # a quantity is read in plain digits: 3,100 条 is 3100 条, not 100 条
    found: dict[tuple[str, str, str], Entity] = {}
    for kind, pat in _PATTERNS:
        read = plain if kind == "quantity" else text
        for m in pat.finditer(read):
            if kind == "ip":
                found[("ip", m.group(1), "")] = Entity(kind="ip", value=m.group(1))
                if m.group(2):
                    found[("port", m.group(2), "")] = Entity(kind="port", value=m.group(2))
            elif kind == "host":
                if _has_digit(m.group(1)):
                    found[("host", m.group(1), "")] = Entity(kind="host", value=m.group(1))
            elif kind == "quantity":
                unit = m.group(2)
                hedge = units.HEDGE_BEFORE.search(read, max(0, m.start() - specific.MAX_HEDGE), m.start())
                found[(kind, m.group(1), unit)] = Entity(kind=kind, value=m.group(1), unit=unit,
                                                         hedge=hedge.group(0).strip() if hedge else "")
            else:
                found[(kind, m.group(1), "")] = Entity(kind=kind, value=m.group(1).strip())
    # An error code that is also part of a host (e.g. ``db-03``) is a host only.
    hosts = {e.value for e in found.values() if e.kind == "host"}
    return tuple(e for e in found.values()
                 if not (e.kind == "error_code" and any(e.value.lower() in h for h in hosts)))


def occurs(entity: Entity, haystack_lower: str) -> bool:
    """Whether ``entity`` is in the (lower-cased, normalised) evidence text."""
    if entity.kind == "quantity" and entity.hedge:  # a rounded value: held where it rounds one
        rounded = specific.prepared(f"{entity.hedge} {entity.value} {entity.unit}")
        return bool(units.held_approximately(rounded, specific.prepared(haystack_lower)))
    if entity.kind == "quantity":
        hay = specific.prepared(haystack_lower)  # in plain digits, as the entity is read
        held = units.held_quantity(f"{entity.value} {entity.unit}", hay)
        if held is not None:
            return held  # a value in any spelling of its unit (7.2 minutes is 7.2 min is 432 s)
        unit = re.escape(entity.unit.lower())
        unit = rf"(?:{unit}|(?={_CJK}))" if entity.unit == specific.GENERAL_MEASURE else unit  # 16 个核: 16 核
        pat = rf"(?<![\d.]){re.escape(entity.value)}\s?{unit}"
        return re.search(pat, hay) is not None or (  # 缩到 9 个 of 副本数 20 → 9: a bare count
            entity.unit == specific.GENERAL_MEASURE and specific.occurs(f"{entity.value} {entity.unit}", hay))
    if entity.kind == "quote":
        return " ".join(entity.value.lower().split()) in haystack_lower
    pat = r"(?<![a-z0-9_.-])" + re.escape(entity.value.lower()) + r"(?![a-z0-9_-])"
    return re.search(pat, haystack_lower) is not None
