"""Numbers worked out: a figure a line gives that no evidence writes, got by one step of arithmetic
(a ratio or a difference) over two numbers of one evidence line.

"About 30% of checkout-web sessions, 3420 of 11400, were abandoned", "roughly three in ten",
"2.8 秒，大约是平时 0.3 秒的九倍", "more than twice its 2% threshold": each states a number that its
line lacks, worked out from two numbers its line holds. Read as a named value, the honest claim is
refused; read as anything goes, "about twenty times" passes. Here such a *figure* is read by its
form (a closed class of forms, English and Chinese) and held only where one ratio or difference of
two numbers of one item (the line its own clause restates) gives it:

- a share: ``N%``, ``N percent``, ``百分之N``, ``N成`` (tenths) is the ratio ``N/100`` (``N/10``);
- a fraction: ``N in M``, ``N of M``, ``N out of M``, ``M分之N`` (``五分之一``) is ``N/M``;
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

Beyond one line (``given``): a figure is held too by one step over two numbers the claim names
itself, each held by an item ("186 个，约为阈值 50 的 3.7 倍", "从 40/40 降到 22/40，少了 18 个",
"700 and 260, 960 in total"), in the order it names them and the direction its words give; the
rest of the claim, its values among it, is traced as any line, so the figure adds only arithmetic.
A difference is held too by one thing (the same words before its number) at the two times the
claim names ("fell by 2360/s between 09:14 and 09:45"), never by two things at one of them. Other
forms: a count per time ("about 6.9 errors a second", "每秒约 12.3 次"), percentage points, a sum
("in total", "共"), ``Nx``, a comparative ("2.5 s slower"). Held, a figure is taken out with the
words of its step (``without``), leaving the values it is worked out from.
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
and "twice" count events ("restarted three times"), no ratio. A number word and "fold" written as
one word ("tenfold") is the multiple "ten-fold" is."""
_FORMS = re.compile(
    rf"(?i)(?<![A-Za-z0-9_.-])(?:{_BOUND})?(?P<hedge>{_HEDGE})?(?:"
    rf"(?P<share>{_NUM})\s?(?:%|percent(?![\w-]))"
    rf"|百分之(?P<zh_share>{_NUM})"
    rf"|(?P<tenths>{_ZH_NUM})成"
    rf"|(?P<zh_den>{_ZH_NUM})分之(?P<zh_num>{_ZH_NUM})"
    rf"|(?P<num>{_NUM})\s+(?:in|of|out\s+of)\s+(?P<den>{_NUM})(?![\w.%-])"
    rf"|(?P<times>{_NUM}|{_EN_WORD}(?=fold))\s?(?:(?:times|x)(?=\s+{_REFERENCE})|-?fold(?![\w-])|×|倍)"
    rf"|(?:a|an|one)\s+(?P<part>third|quarter|fifth|sixth|seventh|eighth|ninth|tenth)(?=\s+of(?![\w-]))"
    rf"|(?P<word>(?:twice|thrice|double|half)(?=\s+{_REFERENCE})|doubled|tripled|一半|翻了?一(?:倍|番)|翻倍))")
_PARTS = {"third": 3, "quarter": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
"""A fraction in words ("an eighth of its old value"): one part of that many, read as the share it
is (12.5%), as "八分之一" is."""
_DOWNWARDS = re.compile(r"(?i)\s+(?:lower|less|smaller|fewer|slower|shorter)(?![\w-])")
_WORDS = {"twice": 2.0, "double": 2.0, "doubled": 2.0, "thrice": 3.0, "tripled": 3.0, "half": 0.5, "一半": 0.5,
          "翻了一倍": 2, "翻一倍": 2, "翻了一番": 2, "翻一番": 2, "翻倍": 2}
"""A multiple in words; Chinese "翻(了)一倍" / "翻倍" (doubled) is the ratio 2 to the units place, as
"两倍" is."""
_ZH_HEDGE = re.compile(r"大约|大概|约|将近|接近|差不多|几乎")
_ZH_MORE, _ZH_LESS = re.compile(r"超过|高于|多于|超出"), re.compile(r"不到|低于|少于|不足")
"""In Chinese a hedge or a bound is an adverb or a verb of the clause ("大约是平时 0.3 秒的九倍",
"不到平时的一半"): it reaches the figure from anywhere before it in its clause."""
_UNIT = re.sub(r"\(\?P<\w+>", "(?:", units.UNIT_AFTER.pattern)
_POINTS = r"\s?(?:(?:percentage\s+)?points?(?![\w-])|pp(?![\w-])|个百分点|百分点)"
"""A difference of two percentages, by its unit: "18.8 percentage points", "18.8 个百分点"."""
_DIGITS = r"\d+(?:\.\d+)?"
_QTY = rf"(?P<qty>{_DIGITS})(?P<unit>{_POINTS}|\s?%|{_UNIT})?(?![\d:])"
_CHANGE = r"(?:drop|fall|decline|decrease|reduction|rise|increase|gain|growth)"
_COMPARED = r"(?:slower|faster|longer|shorter|larger|bigger|smaller|greater)"
_ZH_COMPARED = "[长短高低大小快慢晚早]"
_HIGHER = re.compile(r"(?i)(?<![\w-])(?:more|higher|above|over|larger|bigger|greater|longer|slower)(?![\w-])"
                     r"|^[长高大慢晚]")
_LOWER = re.compile(r"(?i)(?<![\w-])(?:less|fewer|lower|below|under|smaller|shorter|faster)(?![\w-])|^[短低小快早]")
"""The comparative of a difference: English after its number, Chinese before it, after "比 B"."""
_CJK = re.compile(r"[\u4e00-\u9fff]")
"""A Chinese comparative: after "比 B" ("比 syncLimit 的 10 秒长 2.8 秒"), the number after it is the
difference of A and B."""
_DIFFERENCES = re.compile(
    rf"(?i)(?<![A-Za-z0-9_.-])(?:"
    rf"(?P<hedge>{_HEDGE})?{_QTY.replace(_DIGITS, rf'(?:{_DIGITS}|{_EN_WORD})', 1)}"
    rf"\s+(?:more|less|fewer|higher|lower|left|free|remaining|short|below|above|over|under|{_COMPARED})(?![\w-])"
    rf"|(?<![\w-])(?:by|leaving|added|adding|{_CHANGE}\s+of)\s+(?P<hedge2>{_HEDGE})?"
    rf"{_QTY.replace('qty', 'qty2').replace('unit', 'unit2')}"
    rf"|(?:多了?|少了?|剩余|还剩|剩下|增加了?|减少了?|下降了?|上升了?|降了|涨了|高出|低了|差了?)\s?"
    rf"(?P<hedge3>{_HEDGE})?{_QTY.replace('qty', 'qty3').replace('unit', 'unit3')}(?:\s?[\u4e00-\u9fff](?![\d]))?"
    rf"|(?P<than>{_ZH_COMPARED})了?\s?(?P<hedge5>{_HEDGE})?{_QTY.replace('qty', 'qty5').replace('unit', 'unit5')}"
    rf"(?:\s?[\u4e00-\u9fff](?![\d]))?)")
"""A difference by its form: "1.9 GB left", "two more than" (its number in digits or words), "2.7
points higher", "12Gi over the 200Gi limit" (which way: ``app.domain.compared_difference``),
"exceeded it by 2.7%", "a drop of 2360/s", "leaving 760", "added 60 GB", "剩余 1.9 GB", "增加了 12
次" (with its measure word): a number of one kind, the difference of two numbers of that kind."""
_PER = re.compile(
    rf"(?i)(?<![A-Za-z0-9_.-])(?:"
    rf"(?P<hedge>{_HEDGE})?{_QTY}(?P<noun>(?:\s+[a-z][a-z-]*){{1,3}})??\s+(?:per\s+(?P<of>[a-z]+)|each)(?![\w-])"
    rf"|(?:平均)?每[\u4e00-\u9fff]?\s?(?P<hedge2>{_HEDGE})?{_QTY.replace('qty', 'qty2').replace('unit', 'unit2')}"
    r"(?:\s?[万亿](?:\s?[\u4e00-\u9fff](?!\d))?)?)")
"""A figure per item by its form: "about 0.8 s per record", "0.8 GB each", "平均每个约 0.8 GB", its noun of
up to three words ("about 5.6 catalog register errors each"): a
quantity over a count (a ratio of two numbers of two kinds); a count too, with the noun it counts
("about 700000 files per directory", "平均每个约 70 万个文件", its multiplier and measure word with
it): a count over a count, never per a time (a count per time is a rate: ``_RATE``)."""
_TIME_WORD = r"(?P<per>second|sec|minute|min|hour|day|秒钟?|分钟|小时|天)"
_RATE = re.compile(
    rf"(?i)(?<![A-Za-z0-9_.-])(?:"
    rf"(?P<hedge>{_HEDGE})?(?P<qty>\d+(?:\.\d+)?)(?:\s+[^\W\d_][\w-]*){{0,3}}?\s+(?:a|an|per|each)\s+"
    rf"{_TIME_WORD}(?![\w-])"
    rf"|每{_TIME_WORD.replace('per', 'per2')}\s?(?P<hedge2>{_HEDGE})?(?P<qty2>\d+(?:\.\d+)?)(?:\s?[\u4e00-\u9fff])?)")
"""A count per time by its form: "about 6.9 errors a second", "每秒约 12.3 次": a count over a
duration (``per="rate"``, ``factor`` the seconds of the time it is per)."""
_TOTAL = re.compile(
    rf"(?i)(?<![A-Za-z0-9_.-])(?:"
    rf"(?P<hedge>{_HEDGE})?{_QTY}\s+(?:in\s+total|in\s+all|altogether|combined)(?![\w-])"
    rf"|(?P<hedge4>{_HEDGE})?{_QTY.replace('qty', 'qty4').replace('unit', 'unit4')}"
    rf"(?=(?:\s+[^\W\d_][\w-]*){{1,3}}\s+(?:together|between\s+them|combined)(?![\w-]))"
    rf"|(?<![\w-])(?:a\s+)?total\s+of\s+(?P<hedge2>{_HEDGE})?{_QTY.replace('qty', 'qty2').replace('unit', 'unit2')}"
    rf"|(?:共计?|合计|总共|一共|总计)(?:[\u4e00-\u9fff]{{1,2}}(?=\s?\d))?\s?(?P<hedge3>{_HEDGE})?"
    rf"{_QTY.replace('qty', 'qty3').replace('unit', 'unit3')}(?:\s?[\u4e00-\u9fff](?![\d]))?)")
"""A sum by its form: "509 in total", "a total of 509", "共 509 次", "共失败 509 次" (its verb
between), "10500 connection errors together" (the number alone: what it counts is traced as
written): the sum of two numbers of its kind that the line names, or of one thing over two names it
lists (``app.domain.steps``; a total a line writes is its value: only an unwritten one is read
here)."""
CHANGE = re.compile(r"(?i)(?<![\w-])from\s+[^,;]+?\s+to(?![\w-])|(?:从|由)[^，,；;]+?(?:到|至|为)")
"""A change from one value to another ("from A to B", "由 A 涨到 B"): a multiple after it is the
later over the earlier ("由 310 涨到 5120，约 16.5 倍"), whatever order "A was N times B" gives."""
CLAUSE_END = re.compile(r"[，。；;,]")
NUMBER = re.compile(rf"(?<![A-Za-z0-9_.:/-])(\d+(?:\.\d+)?)(?:(?P<pct>\s?%)|(?P<unit>{units.UNIT_AFTER.pattern}))?"
                     r"(?![A-Za-z0-9_:-]|\.\d)", re.IGNORECASE)
_CODE_LABEL = re.compile(r"(?i)(?:(?<![\w-])(?:http|status|code|errno|rc|exit)|状态码|退出码|返回码|错误码)"
                         r"\s?[=:：]?\s?$")
"""The labels of a code (a closed class: "HTTP 504", "exit code 137", "errno 1290", "状态码 503"):
the number after one names an outcome, as a host's digits do; it counts nothing, so it is neither
a term a ratio is worked out from nor a figure ("1870 of 9350 requests returned HTTP 504": about a
fifth, not 504 over 9350)."""


def _coded(text: str, start: int) -> bool:
    """Whether the number at ``start`` of ``text`` is a code, right after its label (``_CODE_LABEL``)."""
    return _CODE_LABEL.search(text[max(0, start - 12):start]) is not None


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
        elif g["zh_den"]:  # "五分之一": a fifth, read as the share it is (20%), so as precise as written
            den, num = _value(g["zh_den"]), _value(g["zh_num"])
            written, scale = (f"{100 * num / den:.1f}".removesuffix(".0"), 100.0) if den and num else (None, 0.0)
        elif g["part"]:
            written, scale = f"{100 / _PARTS[g['part'].lower()]:.1f}".removesuffix(".0"), 100.0
        elif g["num"]:
            if units.UNIT_AFTER.match(text, m.end()):
                continue  # "731 in 5 min" is a count in a time, not a part of a whole
            den = _value(g["den"])
            written, scale = _digits(g["num"]), den or 0.0
        elif g["times"]:
            written = _digits(g["times"])
        clause = CLAUSE_END.split(text[:m.start()])[-1]
        hedged = bool(g["hedge"]) or _ZH_HEDGE.search(clause) is not None
        if g["word"]:  # hedged, "nearly twice" is 2 to its units place, as "nearly 2 times" is
            v = _WORDS[g["word"].lower()]
            written = f"{v:g}" if hedged else str(v)
        if written is None or not scale:
            continue
        more, less = g["more"] or _ZH_MORE.search(clause), g["less"] or _ZH_LESS.search(clause)
        bound = ">" if more and not less else "<" if less and not more else "="
        out.append(Figure(m.start(), m.end(), written, scale, hedged, bound, share=not (g["times"] or g["word"]),
                          inverse=_DOWNWARDS.match(text, m.end()) is not None))
    own = [f for f in _differences(text) + _totals(text) + _per_item(text) + _per_time(text)
           if not _coded(text, f.start)]  # "by 2.7%": a difference; "HTTP 504 over …": a code, no figure
    return [f for f in out if not any(d.start < f.end and f.start < d.end for d in own)] + own


def _per_item(text: str) -> list[Figure]:
    out = []
    rates = [(m.start(), m.end()) for m in _RATE.finditer(text)]
    for m in _PER.finditer(text):
        noun = (m.group("noun") or "").casefold().split()  # "catalog register errors each": its last word
        if noun[-1:] == ["times"] or any(a < m.end() and m.start() < b for a, b in rates):
            continue  # "3 times per request" counts repeats; "每秒约 21 次" is a rate
        n = "" if m.group("qty") else "2"
        unit = (m.group('unit' + n) or '').strip()
        q = units.quantity(f"{m.group('qty' + n)} {unit}")
        per_time = m.group("of") and (t := units.quantity(f"1 {m.group('of')}")) is not None and t[0] == "time"
        if q is None and (unit or per_time or not (n or m.group("noun"))):
            continue  # a bare number per item, or a count per time: not a count of things per item
        clause = CLAUSE_END.split(text[:m.start()])[-1]
        hedged = bool(m.group("hedge" + n)) or _ZH_HEDGE.search(clause) is not None
        factor = units.UNITS[q[3]][1] if q else units.scale(text, m.start("qty" + n), m.end("qty" + n))
        out.append(Figure(m.start(), m.end(), m.group("qty" + n), 1.0, hedged, "=", share=False,
                          factor=factor, per=q[0] if q else "count"))
    return out


def _per_time(text: str) -> list[Figure]:
    out = []
    for m in _RATE.finditer(text):
        n = "" if m.group("qty") else "2"
        per = units.quantity(f"1 {m.group('per' + n).lower()}")
        if per is None or per[0] != "time":
            continue
        clause = CLAUSE_END.split(text[:m.start()])[-1]
        hedged = bool(m.group("hedge" + n)) or _ZH_HEDGE.search(clause) is not None
        out.append(Figure(m.start(), m.end(), m.group("qty" + n), 1.0, hedged, "=", share=False,
                          factor=per[1], per="rate"))
    return out


def _totals(text: str) -> list[Figure]:
    return [dataclasses.replace(f, total=True) for f in _differences(text, _TOTAL)]


def _differences(text: str, form: re.Pattern[str] = _DIFFERENCES) -> list[Figure]:
    out = []
    for m in form.finditer(text):
        if m.groupdict().get("than") and "比" not in CLAUSE_END.split(text[:m.start()])[-1]:
            continue  # "最长 8 分 31 秒" is a value; "比 B 长 2.8 秒" a difference
        n = next(i for i in ("", "2", "3", "4", "5") if m.groupdict().get("qty" + i))
        num, unit = _digits(m.group("qty" + n)), (m.group("unit" + n) or "").strip()  # "two more": 2
        if num is None:
            continue
        unit = "%" if re.fullmatch(_POINTS, f" {unit}") else unit
        q = units.quantity(f"{num} {unit}") if unit and unit != "%" else None
        kind, factor = ("%", 1.0) if unit == "%" else (q[0], units.UNITS[q[3]][1]) if q else ("count", 1.0)
        factor *= units.scale(text, m.start("qty" + n), m.end("qty" + n))  # "增加了 146 万": 146 of 10000
        clause = CLAUSE_END.split(text[:m.start()])[-1]
        hedged = bool(m.group("hedge" if not n else "hedge" + n)) or _ZH_HEDGE.search(clause) is not None
        out.append(Figure(m.start(), m.end(), num, 1.0, hedged, "=", share=False, difference=kind, factor=factor))
    return out


_SHORT_UNIT = re.compile(r"(?<![A-Za-z0-9_.:/-])(\d+(?:\.\d+)?)([KMGTkmgt])(?![A-Za-z0-9_:-]|\.\d)")
"""A number with one letter for its unit ("7.6G / 8G", normalised "7.6g / 8g"): no unit of the table (G is GB or GiB),
so a kind of its own, the letter as written: a share or multiple of two such numbers is one of
the same letter ("占 8G 的 95%"), never of a quantity of the table."""


_RANGE_END = re.compile(rf"\s?(?:of(?:\s+the)?|/|to|->|→|至|到)\s?\d+(?:\.\d+)?(?P<unit>{units.UNIT_AFTER.pattern})"
                        r"(?![A-Za-z0-9_:-]|\.\d)", re.IGNORECASE)
"""A bare number's other end, with a unit: the part of a whole ("194 of 200 GB", "194/200 GB") or
the start of a range or change ("from 176 to 194 GB", "16 → 64 MB/s"), written in the unit given
once after the last number."""


@functools.lru_cache(maxsize=4096)
def numbers(text: str) -> tuple[tuple[str, float], ...]:
    """The numbers of ``text`` that may be the terms of a ratio: (kind, value), the kind a unit's
    dimension, ``%`` or ``count``; not a part of a time, a date, a version or a name."""
    plain = units.plain_numbers(canonical(text))
    out = [(m.start(), (f"'{m.group(2).upper()}'", float(m.group(1)))) for m in _SHORT_UNIT.finditer(plain)]
    for m in NUMBER.finditer(plain):
        if _coded(plain, m.start()):
            continue  # "HTTP 504": a code, not a count
        if m.group("pct"):
            out.append((m.start(), ("%", float(m.group(1)))))
            continue
        q = units.quantity(m.group(0).strip()) if m.group("unit") else None
        whole = None if q is not None else _RANGE_END.match(plain, m.end())
        if whole is not None:  # "194 of 200 GB", "from 176 to 194 GB": the bare end in the other's unit
            q = units.quantity(f"{m.group(1)} {whole.group('unit').strip()}")
            if whole.group(0).lstrip().startswith("/") and q is not None:  # "176/200 GB": the whole, after its /
                w = units.quantity(whole.group(0).lstrip()[1:].strip())
                out += [] if w is None else [(whole.start(), (w[0], w[1]))]
        out.append((m.start(), (q[0], q[1]) if q is not None else ("count", float(m.group(1)))))
    return tuple(n for _, n in sorted(out))


def _gives(fig: Figure, a: float, b: float, kind: str) -> bool:
    if fig.difference and (kind != fig.difference or a <= b):
        return False  # a difference is of two numbers of its own kind
    if fig.share and (kind == "%" or a > b):
        return False  # a share is a part of a whole counted or measured, not a ratio of two rates
    return reads(fig, (a - b) / fig.factor if fig.difference else a / b * fig.scale)


def reads(fig: Figure, x: float) -> bool:
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


_EVERY = re.compile(r"(?i)每\s?(?P<n>\d+(?:\.\d+)?)\s?(?P<unit>秒钟?|分钟|小时|天)"
                    r"[^，,；;。\d]{0,6}?(?P<count>一|\d+)\s?次"
                    r"|(?<![\w-])every\s+(?P<n2>\d+(?:\.\d+)?)\s+(?P<unit2>seconds?|minutes?|hours?|days?)(?![\w-])")
"""A count in every span of N of a time ("每 10 秒一次", "每 5 分钟 3 次", "every 10 seconds": once):
that count over N of the time."""


def rates(text: str) -> list[tuple[float, float]]:
    """The counts per time ``text`` writes ("每分钟 41200 次", "41200 requests a minute", "每 10 秒一次":
    ``_EVERY``): (the count, the seconds of the time it is per). A line restating one may say it per
    another time ("约合每秒 687 次", "about 687 a second", "每 10 秒一次，即每分钟 6 次"): the same rate,
    to the figure's precision."""
    out = []
    for m in _EVERY.finditer(units.plain_numbers(canonical(text))):
        n, unit = (m.group("n"), m.group("unit")) if m.group("n") else (m.group("n2"), m.group("unit2"))
        per = units.quantity(f"{n} {unit.lower()}")
        count = 1.0 if not m.group("count") or m.group("count") == "一" else float(m.group("count"))
        if per is not None and per[0] == "time" and per[1]:
            out.append((count, per[1]))
    for m in _RATE.finditer(units.plain_numbers(canonical(text))):
        n = "" if m.group("qty") else "2"
        per = units.quantity(f"1 {m.group('per' + n).lower()}")
        if per is not None and per[0] == "time":
            out.append((float(m.group("qty" + n)), per[1]))
    return out


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
    if fig.per == "rate":  # a count over a duration, in the time it is per; or a rate the line states, per another time
        return any(b and reads(fig, a / (b / fig.factor)) for a in pool("count") for b in pool("time")) \
            or any(reads(fig, a / b * fig.factor) for a, b in rates(item) if ("count", a) in own
                   or a == float(fig.written) or (a, b) in rates(line))  # "41200 … per minute": its own rate
    if fig.per == "count":  # a count of the item's over a count, the line's own where it states one
        return any(b and a != b and _gives(fig, a / fig.factor, b, "per")
                   for a in {v for k, v in theirs if k == "count"} for b in pool("count"))
    if fig.per:  # a quantity over a count, the line's own where it states them
        return any(b and _gives(fig, a / fig.factor, b, "per") for a in pool(fig.per) for b in pool("count"))
    if fig.difference == "%" and _relative(fig, text, [n for n in own if n in theirs]):
        return True  # "from 200 GB to 260 GB, 30% more": the change over where it began
    multiple = not fig.share and not fig.difference
    turned = fig.inverse != (multiple and CHANGE.search(text[:fig.start]) is not None)
    pairs = ((b, a, k) if turned else (a, b, k) for a, b, k in _pairs(own, theirs, ordered=multiple))
    up = _compared(fig, text)
    first = {k: v for k, v in reversed(own) if (k, v) in theirs}  # the line's subject: its first value so held
    return any(_gives(fig, a, b, kind) for a, b, kind in pairs if (b or fig.difference)
               and (up is None or kind not in first or first[kind] == (a if up else b)))


_UP = re.compile(r"(?i)more|higher|larger|bigger|greater|increase|rise|gain|growth|增加|上升|涨|提高|增长")
_DOWN = re.compile(r"(?i)less|fewer|lower|smaller|drop|fall|decline|decrease|reduction|减少|下降|降|少")


def _relative(fig: Figure, text: str, stated: Sequence[tuple[str, float]]) -> bool:
    """Whether ``fig``, a percentage said as a change ("30% more", "an increase of 30%", "by 30%",
    "下降了约 89%"), is the change between two numbers of one kind (not percentages: of those it is
    points) the line states in order and its item holds, over the first of them (where the change
    began: "from 200 GB to 260 GB"), the way its word says (up, down, or either for "by")."""
    said = text[fig.start:fig.end] + CLAUSE_END.split(text[:fig.start])[-1][-6:]
    up, down = _UP.search(said) is not None, _DOWN.search(said) is not None
    return any(ka == kb != "%" and va and (not up or vb > va) and (not down or vb < va)
               and reads(fig, abs(vb - va) / va * 100)
               for (ka, va), (kb, vb) in zip(stated, stated[1:], strict=False))


def _compared(fig: Figure, text: str) -> bool | None:
    """For a difference said with a comparative ("62%, 33 points below its baseline of 95%", "比 B
    低 33 个百分点"), whether it says its subject (the first value the line states) is the larger
    (True) or the smaller (False); None for any other figure: the subject is then the larger less
    the smaller either way, never the difference read the other way round."""
    said = text[fig.start:fig.end]
    if _CJK.match(said) and "比" not in CLAUSE_END.split(text[:fig.start])[-1]:
        return None  # "低了 5 个百分点" alone tells a change, not a comparison
    if not fig.difference or not (_HIGHER.search(said) or _LOWER.search(said)):
        return None
    return _HIGHER.search(said) is not None


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
    start = max((m.end() for m in CLAUSE_END.finditer(text, 0, fig.start)), default=0)
    end = next((m.start() for m in CLAUSE_END.finditer(text, fig.end)), len(text))
    return text[start:fig.start] + " " + text[fig.end:end]
