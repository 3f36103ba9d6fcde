"""Numbers worked out: a figure a line gives that no evidence writes, got by one step of arithmetic
(a ratio or a difference) over two numbers of one evidence line.

"About 30% of checkout-web sessions, 3420 of 11400, were abandoned", "roughly three in ten",
"2.8 秒，大约是平时 0.3 秒的九倍", "more than twice its 2% threshold": each states a number that its
line lacks, worked out from two numbers its line holds. Read as a named value, the honest claim is
refused; read as anything goes, "about twenty times" passes. Here such a *figure* is read by its
form (a closed class of forms, English and Chinese) and held only where one ratio or difference of
two numbers of one item (the line its own clause restates) gives it:

- a share: ``N%``, ``N percent``, ``百分之N``, ``N成`` (tenths) is the ratio ``N/100`` (``N/10``);
- a fraction: ``N in M``, ``N of M``, ``N out of M`` is ``N/M``;
- a multiple: ``N 倍``, ``一半``, and in English before what it is of (``N times its``, ``twice the``,
  ``half of``: "restarted three times" counts events) ``N times``, ``N-fold``, ``twice``, ``half``;
  a share is a part of a whole, never of two percentages nor the larger over the smaller, and is
  worked out only from a line writing no percentage of its own (there it is that value);
- a difference, by its word: ``1.9 GB left``, ``2.7% higher``, ``by 2.7%``, ``剩余 0.9 TB``,
  ``增加了 12 次``: the larger less the smaller of two numbers of its kind.

Numbers are digits or number words (``three``, ``九``, ``两``: ``app.domain.units.number_value``).
The two numbers are of one kind (one dimension of the unit table, both percentages, or both counts)
and *bound* to the figure: where the line itself states numbers the item holds, the pair is made of
them (the figure is of what the line says it is of; a multiple in the order stated, "A was N times
B", "N times lower" the other way); only a line stating none takes any pair of its item.
Precision is the wording's: after a hedge (``about``, ``大约``, ``约``; in Chinese anywhere before
the figure in its clause, where the adverb stands) the ratio rounds to the figure at its last
written place (``app.domain.units``: ``about 30%`` for 30.0% and 27%, not 24%); without one, the
figure is the ratio to its last digit (``9 times`` for 9.33, not 9.6). ``more than``/``超过`` and
``less than``/``不到`` before it bound the ratio from one side.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import permutations

from app.domain import specific, units
from app.domain.text import canonical

_EN_WORD = (r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
            r"sixteen|seventeen|eighteen|nineteen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
            r"(?:-(?:one|two|three|four|five|six|seven|eight|nine))?)")
_ZH_NUM = r"[零〇一二两三四五六七八九十百千]+"
_NUM = rf"(?:\d+(?:\.\d+)?|{_EN_WORD}(?![\w-])|{_ZH_NUM})"
_HEDGE = rf"(?:(?:{units.HEDGE_WORDS})\s?)"
_MORE = r"more\s+than|over|above|greater\s+than|exceeding|超过|高于|多于|超出"
_LESS = r"less\s+than|under|below|fewer\s+than|不到|低于|少于|不足"
_BOUND = rf"(?:(?P<more>{_MORE})|(?P<less>{_LESS}))\s?"
_REFERENCE = (r"(?:its|the|their|that|those|what|as|than|a|an|of|usual|normal|baseline|more|higher|larger|bigger|"
              r"greater|faster|slower|longer|lower|smaller|fewer|less)(?![\w-])")
"""What an English multiple is of: "nine times its usual", "twice the threshold". Without it, "N times"
and "twice" count events ("restarted three times"), no ratio."""
_FORMS = re.compile(
    rf"(?i)(?<![A-Za-z0-9_.-])(?:{_BOUND})?(?P<hedge>{_HEDGE})?(?:"
    rf"(?P<share>{_NUM})\s?(?:%|percent(?![\w-]))"
    rf"|百分之(?P<zh_share>{_NUM})"
    rf"|(?P<tenths>{_ZH_NUM})成"
    rf"|(?P<num>{_NUM})\s+(?:in|of|out\s+of)\s+(?P<den>{_NUM})(?![\w.%-])"
    rf"|(?P<times>{_NUM})\s?(?:(?:times|-?fold|x)(?=\s+{_REFERENCE})|×|倍)"
    rf"|(?P<word>(?:twice|thrice|double|half)(?=\s+{_REFERENCE})|doubled|tripled|一半))")
_DOWNWARDS = re.compile(r"(?i)\s+(?:lower|less|smaller|fewer|slower|shorter)(?![\w-])")
_WORDS = {"twice": 2.0, "double": 2.0, "doubled": 2.0, "thrice": 3.0, "tripled": 3.0, "half": 0.5, "一半": 0.5}
_ZH_HEDGE = re.compile(r"大约|大概|约|将近|接近|差不多")
_ZH_MORE, _ZH_LESS = re.compile(r"超过|高于|多于|超出"), re.compile(r"不到|低于|少于|不足")
"""In Chinese a hedge or a bound is an adverb or a verb of the clause ("大约是平时 0.3 秒的九倍",
"不到平时的一半"): it reaches the figure from anywhere before it in its clause."""
_UNIT = re.sub(r"\(\?P<\w+>", "(?:", units.UNIT_AFTER.pattern)
_POINTS = r"\s?(?:percentage\s+points?|pp(?![\w-])|个百分点|百分点)"
"""A difference of two percentages, by its unit: "18.8 percentage points", "18.8 个百分点"."""
_QTY = rf"(?P<qty>\d+(?:\.\d+)?)(?P<unit>{_POINTS}|\s?%|{_UNIT})?(?![\d:])"
_CHANGE = r"(?:drop|fall|decline|decrease|reduction|rise|increase|gain|growth)"
_COMPARED = r"(?:slower|faster|longer|shorter|larger|bigger|smaller|greater)"
_DIFFERENCES = re.compile(
    rf"(?i)(?<![A-Za-z0-9_.-])(?:"
    rf"(?P<hedge>{_HEDGE})?{_QTY}\s+(?:more|less|fewer|higher|lower|left|free|remaining|short|{_COMPARED})(?![\w-])"
    rf"|(?<![\w-])(?:by|{_CHANGE}\s+of)\s+(?P<hedge2>{_HEDGE})?{_QTY.replace('qty', 'qty2').replace('unit', 'unit2')}"
    rf"|(?:多了?|少了?|剩余|还剩|剩下|增加了?|减少了?|下降了?|上升了?|降了|涨了|高出|低了|差了?)\s?"
    rf"(?P<hedge3>{_HEDGE})?{_QTY.replace('qty', 'qty3').replace('unit', 'unit3')}(?:\s?[\u4e00-\u9fff](?![\d]))?)")
"""A difference by its form: "1.9 GB left", "2.7 points higher", "exceeded it by 2.7%", "a drop of
2360/s", "剩余 1.9 GB", "增加了 12 次" (with its measure word): a number of one kind, the difference of
two numbers of that kind."""
_PER = re.compile(
    rf"(?i)(?<![A-Za-z0-9_.-])(?:"
    rf"(?P<hedge>{_HEDGE})?{_QTY}\s+(?:per\s+[a-z]+|each)(?![\w-])"
    rf"|(?:平均)?每[\u4e00-\u9fff]?\s?(?P<hedge2>{_HEDGE})?{_QTY.replace('qty', 'qty2').replace('unit', 'unit2')})")
"""A figure per item by its form: "about 0.8 s per record", "0.8 GB each", "平均每个约 0.8 GB": a
quantity over a count (a ratio of two numbers of two kinds)."""
_TIME_WORD = r"(?P<per>second|sec|minute|min|hour|day|秒钟?|分钟|小时|天)"
_RATE = re.compile(
    rf"(?i)(?<![A-Za-z0-9_.-])(?:"
    rf"(?P<hedge>{_HEDGE})?(?P<qty>\d+(?:\.\d+)?)(?:\s+[^\W\d_]+){{0,3}}?\s+(?:a|an|per|each)\s+"
    rf"{_TIME_WORD}(?![\w-])"
    rf"|每{_TIME_WORD.replace('per', 'per2')}\s?(?P<hedge2>{_HEDGE})?(?P<qty2>\d+(?:\.\d+)?)(?:\s?[\u4e00-\u9fff])?)")
"""A count per time by its form: "about 6.9 errors a second", "每秒约 12.3 次": a count over a
duration (``per="rate"``, ``factor`` the seconds of the time it is per)."""
_TOTAL = re.compile(
    rf"(?i)(?<![A-Za-z0-9_.-])(?:"
    rf"(?P<hedge>{_HEDGE})?{_QTY}\s+(?:in\s+total|in\s+all|altogether|combined)(?![\w-])"
    rf"|(?<![\w-])(?:a\s+)?total\s+of\s+(?P<hedge2>{_HEDGE})?{_QTY.replace('qty', 'qty2').replace('unit', 'unit2')}"
    rf"|(?:共计?|合计|总共|一共|总计)\s?(?P<hedge3>{_HEDGE})?{_QTY.replace('qty', 'qty3').replace('unit', 'unit3')}"
    rf"(?:\s?[\u4e00-\u9fff](?![\d]))?)")
"""A sum by its form: "509 in total", "a total of 509", "共 509 次": the sum of two numbers of its kind
that the line names (a total a line writes is its value: only an unwritten one is read here)."""
_CLAUSE_END = re.compile(r"[，。；;,]")
_NUMBER = re.compile(rf"(?<![A-Za-z0-9_.:/-])(\d+(?:\.\d+)?)(?:(?P<pct>\s?%)|(?P<unit>{units.UNIT_AFTER.pattern}))?"
                     r"(?![A-Za-z0-9_:-]|\.\d)", re.IGNORECASE)


@dataclass(frozen=True)
class Figure:
    """A worked-out figure of a line: where it stands, the value it gives (a ratio) and how closely."""

    start: int
    end: int
    written: str
    """The figure's number as written in digits (``30``, ``9``, ``3``): its precision."""
    scale: float
    """What the ratio is multiplied by to read as the written number (100 for a share, M for N in M)."""
    hedged: bool
    bound: str
    """``=``, ``>`` (more than) or ``<`` (less than)."""
    share: bool
    """A share or a fraction (a part of a whole: ``30%``, ``three in ten``), not a multiple."""
    difference: str = ""
    """For a difference, the kind of its numbers (``size``, ``%``, ``count``); empty for a ratio."""
    factor: float = 1.0
    """For a difference, its unit's factor to the base unit of its dimension."""
    inverse: bool = False
    """A multiple said downwards ("nine times lower than"): the second number over the first."""
    per: str = ""
    """For a figure per item, the dimension of its quantity (``time``, ``size``): that quantity over a
    count; empty otherwise."""
    total: bool = False
    """A sum of two numbers the line names (``difference`` then the kind of its numbers)."""


def _value(num: str) -> float | None:
    if num[:1].isdigit():
        return float(num)
    return None if (v := units.number_value(num)) is None else float(v)


def _digits(num: str) -> str | None:
    v = _value(num)
    return None if v is None else (num if num[:1].isdigit() else str(int(v)))


def figures(line: str) -> list[Figure]:
    """The worked-out figures of ``line`` (canonical), by their form."""
    text = canonical(line)
    out = []
    for m in _FORMS.finditer(text):
        g = m.groupdict()
        written, scale = None, 1.0
        if g["share"] or g["zh_share"]:
            written, scale = _digits(g["share"] or g["zh_share"]), 100.0
        elif g["tenths"]:
            written, scale = _digits(g["tenths"]), 10.0
        elif g["num"]:
            if units.UNIT_AFTER.match(text, m.end()):
                continue  # "731 in 5 min" is a count in a time, not a part of a whole
            den = _value(g["den"])
            written, scale = _digits(g["num"]), den or 0.0
        elif g["times"]:
            written = _digits(g["times"])
        else:
            written = str(_WORDS[g["word"].lower()])
        if written is None or not scale:
            continue
        clause = _CLAUSE_END.split(text[:m.start()])[-1]
        hedged = bool(g["hedge"]) or _ZH_HEDGE.search(clause) is not None
        more, less = g["more"] or _ZH_MORE.search(clause), g["less"] or _ZH_LESS.search(clause)
        bound = ">" if more and not less else "<" if less and not more else "="
        out.append(Figure(m.start(), m.end(), written, scale, hedged, bound, share=not (g["times"] or g["word"]),
                          inverse=_DOWNWARDS.match(text, m.end()) is not None))
    own = _differences(text) + _totals(text) + _per_item(text) + _per_time(text)  # "by 2.7%": a difference
    return [f for f in out if not any(d.start < f.end and f.start < d.end for d in own)] + own


def _per_item(text: str) -> list[Figure]:
    out = []
    for m in _PER.finditer(text):
        n = "" if m.group("qty") else "2"
        q = units.quantity(f"{m.group('qty' + n)} {(m.group('unit' + n) or '').strip()}")
        if q is None:
            continue  # a count per item is no quantity of the table: not read here
        clause = _CLAUSE_END.split(text[:m.start()])[-1]
        hedged = bool(m.group("hedge" + n)) or _ZH_HEDGE.search(clause) is not None
        out.append(Figure(m.start(), m.end(), m.group("qty" + n), 1.0, hedged, "=", share=False,
                          factor=units.UNITS[q[3]][1], per=q[0]))
    return out


def _per_time(text: str) -> list[Figure]:
    out = []
    for m in _RATE.finditer(text):
        n = "" if m.group("qty") else "2"
        per = units.quantity(f"1 {m.group('per' + n).lower()}")
        if per is None or per[0] != "time":
            continue
        clause = _CLAUSE_END.split(text[:m.start()])[-1]
        hedged = bool(m.group("hedge" + n)) or _ZH_HEDGE.search(clause) is not None
        out.append(Figure(m.start(), m.end(), m.group("qty" + n), 1.0, hedged, "=", share=False,
                          factor=per[1], per="rate"))
    return out


def _totals(text: str) -> list[Figure]:
    return [dataclasses.replace(f, total=True) for f in _differences(text, _TOTAL)]


def _differences(text: str, form: re.Pattern[str] = _DIFFERENCES) -> list[Figure]:
    out = []
    for m in form.finditer(text):
        n = next(i for i in ("", "2", "3") if m.group("qty" + i))
        num, unit = m.group("qty" + n), (m.group("unit" + n) or "").strip()
        unit = "%" if re.fullmatch(_POINTS, f" {unit}") else unit
        q = units.quantity(f"{num} {unit}") if unit and unit != "%" else None
        kind, factor = ("%", 1.0) if unit == "%" else (q[0], units.UNITS[q[3]][1]) if q else ("count", 1.0)
        clause = _CLAUSE_END.split(text[:m.start()])[-1]
        hedged = bool(m.group("hedge" if not n else "hedge" + n)) or _ZH_HEDGE.search(clause) is not None
        out.append(Figure(m.start(), m.end(), num, 1.0, hedged, "=", share=False, difference=kind, factor=factor))
    return out


@functools.lru_cache(maxsize=4096)
def numbers(text: str) -> tuple[tuple[str, float], ...]:
    """The numbers of ``text`` that may be the terms of a ratio: (kind, value), the kind a unit's
    dimension, ``%`` or ``count``; not a part of a time, a date, a version or a name."""
    out = []
    for m in _NUMBER.finditer(units.plain_numbers(canonical(text))):
        if m.group("pct"):
            out.append(("%", float(m.group(1))))
            continue
        q = units.quantity(m.group(0).strip()) if m.group("unit") else None
        out.append((q[0], q[1]) if q is not None else ("count", float(m.group(1))))
    return tuple(out)


def _gives(fig: Figure, a: float, b: float, kind: str) -> bool:
    if fig.difference and (kind != fig.difference or a <= b):
        return False  # a difference is of two numbers of its own kind
    if fig.share and (kind == "%" or a > b):
        return False  # a share is a part of a whole counted or measured, not a ratio of two rates
    return _reads(fig, (a - b) / fig.factor if fig.difference else a / b * fig.scale)


def _reads(fig: Figure, x: float) -> bool:
    """Whether the value ``x`` reads as ``fig`` at the precision its wording claims."""
    written = float(fig.written)
    if fig.bound == ">":
        return x > written
    if fig.bound == "<":
        return x < written
    if fig.hedged:
        return units.rounds(x, fig.written)
    decimals = len(fig.written.partition(".")[2])
    return abs(x - written) < 10.0 ** -decimals / 2


def _pairs(own: Sequence[tuple[str, float]], item: Sequence[tuple[str, float]],
           ordered: bool = False) -> Iterable[tuple[float, float, str]]:
    """The pairs a figure may be worked out from: the line's own numbers that the item holds, where
    it states two of one kind (``ordered``: as the line states them, "A was N times B"); with one,
    that one and another of the item's; with none, the item's."""
    held = [n for n in dict.fromkeys(own) if n in item]
    for kind in {k for k, _ in item}:
        mine = [v for k, v in held if k == kind]
        pool = mine if len(mine) >= 2 else [v for k, v in dict.fromkeys(item) if k == kind]
        for a, b in permutations(pool, 2):
            if len(mine) >= 2 and ordered and pool.index(a) > pool.index(b):
                continue
            if len(mine) != 1 or mine[0] in (a, b):
                yield a, b, kind


def held(fig: Figure, line: str, item: str) -> bool:
    """Whether one ratio of two numbers of ``item`` gives ``fig``, a figure of ``line``, bound to
    the numbers ``line`` states."""
    if fig.total:
        return False  # a sum is of the numbers the line names (``given``)
    text = canonical(line)
    own, theirs = numbers(text[:fig.start] + " " + text[fig.end:]), numbers(item)
    if fig.share and fig.scale in (10.0, 100.0) and any(k == "%" for k, _ in theirs):
        return False  # a line writing a percentage of its own: a share said is that value, not worked out
    def pool(kind: str) -> list[float]:
        mine = [v for k, v in own if k == kind and (k, v) in theirs]
        return mine or [v for k, v in theirs if k == kind]
    if fig.per == "rate":  # a count over a duration, in the time it is per
        return any(b and _reads(fig, a / (b / fig.factor)) for a in pool("count") for b in pool("time"))
    if fig.per:  # a quantity over a count, the line's own where it states them
        return any(b and _gives(fig, a / fig.factor, b, "per") for a in pool(fig.per) for b in pool("count"))
    multiple = not fig.share and not fig.difference
    pairs = ((b, a, k) if fig.inverse else (a, b, k) for a, b, k in _pairs(own, theirs, ordered=multiple))
    return any(_gives(fig, a, b, kind) for a, b, kind in pairs if b or fig.difference)


def unwritten(line: str, hays: Sequence[str]) -> list[tuple[Figure, bool]]:
    """The figures of ``line`` that no haystack (``specific.prepared``) writes, each with whether it
    names a number no haystack holds (``about 30%``, ``九``; not ``两倍``, a common word)."""
    text = canonical(line)
    missing = [t.casefold() for t in specific.specific_tokens(line) if not any(specific.occurs(t, h) for h in hays)]
    out = []
    for f in figures(line):
        written = specific.prepared(text[f.start:f.end]).strip()
        if not any(written in h for h in hays):
            out.append((f, any(t in text[f.start:f.end].casefold() for t in missing)))
    return out


def clause(line: str, fig: Figure) -> str:
    """The clause of ``line`` (canonical) that ``fig`` stands in, without it."""
    text = canonical(line)
    start = max((m.end() for m in _CLAUSE_END.finditer(text, 0, fig.start)), default=0)
    end = next((m.start() for m in _CLAUSE_END.finditer(text, fig.end)), len(text))
    return text[start:fig.start] + " " + text[fig.end:end]


_CHANGED = re.compile(r"(?i)(?<![\w-])(?:fell|dropped|decreased|declined|shrank|rose|grew|increased|climbed|jumped|"
                      r"went\s+(?:down|up))(?![\w-])|(?:下降|降低|降|减少|回落|上升|升高|升|增加|增长|上涨|涨)了?")
"""The verbs of a change, a closed class: taken out with a difference that holds (its direction is
the step's, checked against the numbers), they leave the values it is between."""
_FROM_TO = re.compile(r"(?i)(?<![\w-])from\s+(?P<a>[^,;]+?)\s+to\s+(?P<b>[^,;]+)|从\s?(?P<c>[^，,；;]+?)\s?(?:到|至)\s?"
                      r"(?P<d>[^，,；;]+)")
"""A change "from A to B", "从 A 到 B": the two values in time order, as "A, then B" ("A，然后 B"):
each traced to its own line, in the order their times give (``app.domain.chronology``)."""
_RELATION = re.compile(r"(?:(?:大约|大概|约|将近)?(?:为|是|占|相当于))(?=[^，,；;]*的\s*$)|的\s*$|"
                       r"(?i:(?<![\w-])(?:took|accounted\s+for|made\s+up)\s*$)")
"""The words relating a multiple or share to its terms ("约为阈值 50 的", "took … of"), before it."""


def without(line: str, figs: Iterable[Figure]) -> str:
    """``line`` (canonical) with ``figs`` taken out, and with them the words of the step they are
    (``_CHANGED``, ``_FROM_TO``, ``_RELATION``): what is left is the values they are worked out
    from, each traced as any line."""
    text = canonical(line)
    figs = sorted(figs, key=lambda f: -f.start)
    for fig in figs:
        before = text[:fig.start]
        if not fig.difference and not fig.per:
            cut = max((m.end() for m in _CLAUSE_END.finditer(before)), default=0)
            before = before[:cut] + _RELATION.sub(" ", before[cut:])
        text = before + " " + text[fig.end:]
    if any(f.difference for f in figs):
        text = _FROM_TO.sub(lambda m: f"{m.group('a')}, then {m.group('b')}" if m.group("a")
                            else f"{m.group('c')}，然后 {m.group('d')}", _CHANGED.sub(" ", text))
    return text


_FIRST_LESS_SECOND = re.compile(
    r"(?i)(?<![\w-])(?:fell|fallen|falls?|dropped|drops?|decreased?|declined?|went\s+down|shrank|reduced|reduction|"
    r"higher|more|larger|bigger|greater|longer|slower|above)(?![\w-])|降|减|少了|回落|高出|多出")
_SECOND_LESS_FIRST = re.compile(
    r"(?i)(?<![\w-])(?:rose|risen|rises?|grew|grown|growth|gain|increased?|climbed|went\s+up|jumped|"
    r"lower|less|fewer|smaller|shorter|faster|below)(?![\w-])|增|升|涨|多了|低于")
"""The direction a line gives a difference of two numbers it names in order, closed classes of
words: a change downwards ("fell from A to B", "降到") and a comparative upwards ("A, 3 more than
B") are the first less the second; a change upwards and a comparative downwards the second less
the first."""


def _direction(text: str) -> str:
    down, up = _FIRST_LESS_SECOND.search(text) is not None, _SECOND_LESS_FIRST.search(text) is not None
    return "both" if down and up else "down" if down else "up" if up else ""


def _stepped(fig: Figure, a: tuple[str, float], b: tuple[str, float], direction: str) -> bool:
    """Whether one step over ``a`` then ``b`` (as the line gives them, each (kind, value)) gives
    ``fig``: its difference in the line's direction, the share of the part in the whole, the
    multiple in the order stated, the count per duration, the quantity per count."""
    (ka, va), (kb, vb) = a, b
    if fig.per == "rate" and {ka, kb} == {"%", "count"}:  # a share of a rate: 21.4% of 5480/s
        return _reads(fig, va * vb / 100)
    if fig.per:  # a count over a duration, or a quantity over a count, in either order
        top, per = ("count", "time") if fig.per == "rate" else (fig.per, "count")
        pair = {ka: va, kb: vb} if {ka, kb} == {top, per} else {}
        if not pair.get(per):
            return False
        scale = fig.factor if fig.per == "rate" else 1 / fig.factor  # per the time it names; in the unit written
        return _reads(fig, pair[top] * scale / pair[per])
    if ka != kb:
        return False
    if fig.total:
        return ka == fig.difference and _reads(fig, (va + vb) / fig.factor)
    if fig.difference:
        if ka != fig.difference:
            return False
        diff = {"down": va - vb, "up": vb - va, "": abs(va - vb)}.get(direction, 0.0)  # words both ways: none
        return diff > 0 and _reads(fig, diff / fig.factor)
    if fig.share:
        return ka != "%" and bool(max(va, vb)) and _reads(fig, min(va, vb) / max(va, vb) * fig.scale)
    over, under = (vb, va) if fig.inverse else (va, vb)
    return bool(under) and _reads(fig, over / under)


def _clocks(text: str) -> set[str]:
    return set(re.findall(r"(?<![\d:])(\d{1,2}:\d{2})(?::\d{2})?(?![\d:])", text))


def _timed(text: str, clocks: set[str]) -> bool:
    """Whether ``text`` (an item) is stamped at one of ``clocks`` (``hh:mm``)."""
    m = re.search(r"\d{4}-\d{2}-\d{2}[Tt ](\d{2}:\d{2})", text)
    return m is not None and (m.group(1) in clocks or m.group(1).lstrip("0") in clocks)


_NUMERAL = re.compile(r"[\d.,:/-]+")


def _labelled(item: str) -> list[tuple[str, str, float]]:
    """The numbers of ``item`` with what each is of: the words before it in its part of the line
    (between commas), as (label, kind, value)."""
    text = units.plain_numbers(canonical(item))
    text = re.sub(r"^\S*\d{4}-\d{2}-\d{2}[Tt ]\S+\s*", "", text)
    out = []
    for part in re.split(r"[,;，；()（）]", text):
        for m in _NUMBER.finditer(part):
            words = [w for w in re.findall(r"[^\W_][\w/.-]*", part[:m.start()]) if not _NUMERAL.fullmatch(w)]
            kind = "%" if m.group("pct") else (q[0] if m.group("unit") and (q := units.quantity(m.group(0).strip()))
                                               else "count")
            value = float(m.group(1)) if kind in ("%", "count") else numbers(m.group(0))[0][1]
            out.append((" ".join(words[-2:]).casefold(), kind, value))
    return out


def given(fig: Figure, line: str, near: Sequence[str], items: Sequence[str]) -> bool:
    """Whether ``fig``, a figure of ``line``, follows by one step from what ``line`` is bound to:
    two numbers of one item it restates (``near``: ``held``); two numbers the line names itself,
    each held by an item (the rest of the line is traced as any line: "186 个，约为阈值 50 的 3.7 倍",
    "从 40/40 降到 22/40，少了 18 个"), in the order it names them; or, for a difference, one number
    of each of two items the line's times name (``hh:mm``), the same thing (the same words before
    it) at two times, in the direction the line gives ("fell by 2360/s between 09:14 and 09:45")."""
    text = canonical(line)
    rest = text[:fig.start] + " " + text[fig.end:]
    clocks = _clocks(rest)
    timed = sorted((t for t in items if _timed(t, clocks)), key=lambda t: re.sub(r"^\D*", "", t)[:19])
    if (not fig.difference or len(timed) < 2) and any(held(fig, line, t) for t in near):
        return True  # a change between two times is not the difference of two things at one
    direction = _direction(text)
    known = {n for t in items for n in numbers(t)}
    named = [n for n in dict.fromkeys(numbers(rest)) if n in known]
    if any(_stepped(fig, a, b, direction) and not (fig.share and _its_own_share(rest, items, a, b))
           for i, a in enumerate(named) for b in named[i + 1:]):
        return True
    if not fig.difference or fig.total:
        return False
    for i, first in enumerate(timed):
        for second in timed[i + 1:]:
            later = _labelled(second)
            if any(la == lb and ka == kb and _names(rest, la) and _stepped(fig, (ka, va), (kb, vb), direction)
                   for la, ka, va in _labelled(first) for lb, kb, vb in later if la):
                return True
    return False


_CJK_CHAR = re.compile(r"[\u4e00-\u9fff]")


def _names(text: str, label: str) -> bool:
    """Whether ``text`` (canonical) names the thing ``label`` calls a number: one of its words."""
    return any((w in text) if _CJK_CHAR.search(w) else
               re.search(rf"(?i)(?<![\w/-]){re.escape(w)}(?![\w-])", text) is not None
               for w in label.split() if len(w) > 1)


def _its_own_share(text: str, items: Sequence[str], a: tuple[str, float], b: tuple[str, float]) -> bool:
    """Whether an item holding both terms writes a percentage of its own of a thing ``text`` names
    ("5xx 21.4%" where the line says "5xx was about 95%, 5210 of 5480"): the share the line says of
    that thing is that value, whatever the terms give."""
    return any(kind == "%" and _names(text, label) for t in items if a in numbers(t) and b in numbers(t)
               for label, kind, _ in _labelled(t))
