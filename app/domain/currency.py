"""A currency is part of its amount: ``$48,260.00`` is not ``¥48,260.00``.

A sign before a number (``$``, ``¥``, ``€``, ``£``) or a currency's name or code after it (``元``,
``美元``, ``USD``, ``euros``) says what the number counts, as a unit does (``app.domain.units``): a
line that keeps an amount's digits and gives it another currency ("重复退款金额合计 $48,260.00" of
"合计 ¥48,260.00", "48,260.00 美元") names a value no item gives. The currency is read with its number
into one specific token (``app.domain.specific``), so the trace and a gap line's mask judge it as a
value: held only by a text writing the same amount in a currency of the same family, by sign or by
name (``¥48,260.00`` holds ``48260 元``; ``¥`` writes the yuan and the yen alike), never by the bare
digits, nor by an amount in another currency. An amount written without a currency says none and
is the number alone.
"""

from __future__ import annotations

import re

_FAMILIES: dict[str, tuple[str, str]] = {
    "yuan": ("¥", "元 人民币 cny rmb yuan"),
    "yen": ("¥", "日元 jpy yen"),
    "dollar": ("$", "美元 usd dollar dollars"),
    "euro": ("€", "欧元 eur euro euros"),
    "pound": ("£", "英镑 gbp"),
}
"""Each currency's sign and its names (case-folded): one family per currency, never converted."""
_NAMES = {name: family for family, (_, names) in _FAMILIES.items() for name in names.split()}
_SIGNS = "".join(sorted({sign for sign, _ in _FAMILIES.values()}))
_NAME = "|".join(sorted(map(re.escape, _NAMES), key=len, reverse=True))
_AFTER = re.compile(rf"\s?(?i:{_NAME})(?![A-Za-z0-9_])")
_SIGN_BEFORE = re.compile(rf"[{re.escape(_SIGNS)}]\s?$")
_AMOUNT = re.compile(rf"(?P<sign>[{re.escape(_SIGNS)}])?\s?(?<![\w.,])(?P<num>\d+(?:\.\d+)?)(?![\d.])"
                     rf"(?:\s?(?P<name>{_NAME})(?![a-z0-9_]))?")
"""An amount in a prepared text (case-folded, numbers ungrouped): a sign, its number, a name."""


def after(text: str, end: int) -> int | None:
    """The end of a currency's name or code right after a number ending at ``end``; None."""
    m = _AFTER.match(text, end)
    return m.end() if m is not None else None


def sign_before(text: str, start: int) -> int | None:
    """The start of a currency sign right before a number starting at ``start``; None."""
    m = _SIGN_BEFORE.search(text, max(0, start - 2), start)
    return m.start() if m is not None else None


def _families(sign: str | None, name: str | None) -> frozenset[str]:
    by_sign = {family for family, (s, _) in _FAMILIES.items() if s == sign}
    by_name = {_NAMES[name.casefold()]} if name else set()
    return frozenset(by_name or by_sign)


def held(token: str, haystack: str) -> bool | None:
    """Whether ``haystack`` (prepared) writes the amount of ``token`` (prepared) in a currency of its
    family; None when ``token`` names no currency."""
    m = _AMOUNT.fullmatch(token.strip())
    if m is None or not (m.group("sign") or m.group("name")):
        return None
    mine, value = _families(m.group("sign"), m.group("name")), float(m.group("num"))
    return any(float(a.group("num")) == value and mine & _families(a.group("sign"), a.group("name"))
               for a in _AMOUNT.finditer(haystack))
