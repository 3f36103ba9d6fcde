"""Steps beyond one line: a figure worked out from two numbers a claim names itself, or from one
thing at the two times it names; and a held figure taken out with the words of its step.

``app.domain.derived`` reads a figure by its form and holds it by two numbers of the one line its
clause restates. A claim may instead name both terms ("等待客户端 186 个，约为告警阈值 50 的 3.7 倍",
"从 40/40 降到 22/40，少了 18 个", "700 and 260, 960 in total"): the figure is then one step over
them, in the order the claim names them and the direction its words give (closed classes: a change
down or a comparative up is the first less the second), each term held by an item; the rest of the
claim, its terms among it, is traced as any line, so the figure adds only arithmetic. A share of two
named terms is not of a thing their item writes a percentage of ("5xx was about 95%, 5210 of 5480"
beside "5xx 21.4%"). A difference may be of one thing at the two times a claim names ("fell by
2360/s between 09:14 and 09:45"): one number of each item stamped then, the same words before it in
both, words the claim names; never two things at one of those times. Held, a figure is taken out
with the words of its step (``without``): a verb of change, "from A to B" read as "A, then B" (each
value traced to its own line, in the order their times give), the words relating a multiple or a
share to its terms ("约为 … 的", "took … of").
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

from app.domain import alignment, apposition, clock_window, derived, direction, specific, units
from app.domain.text import canonical

_CHANGED = re.compile(r"(?i)(?<![\w-])(?:fell|dropped|decreased|declined|shrank|rose|grew|increased|climbed|jumped|"
                      r"went\s+(?:down|up))(?![\w-])|(?:下降|降低|降|减少|回落|上升|升高|升|增加|增长|上涨|涨)了?")
"""The verbs of a change, a closed class: taken out with a difference that holds (its direction is
the step's, checked against the numbers), they leave the values it is between."""
_FROM_TO = re.compile(r"(?i)(?<![\w-])from\s+(?P<a>[^,;]+?)\s+to\s+(?P<b>[^,;]+)"
                      r"|[从由]\s?(?P<c>[^，,；;]+?)\s?(?:到|至)\s?(?P<d>[^，,；;]+)")
"""A change "from A to B", "从 A 到 B" (由 A 到 B): the two values in time order, as "A, then B" ("A，然后 B"):
each traced to its own line, in the order their times give (``app.domain.chronology``)."""
_RELATION = re.compile(r"(?:(?:大约|大概|约|将近)?(?:为|是|占|相当于|只剩下?|剩下?|只有|仅有?))"
                       r"(?=[^，,；;]*的\s*$)|的\s*$|"
                       r"(?i:(?<![\w-])(?:took|accounted\s+for|made\s+up)\s*$)")
"""The words relating a multiple or share to its terms ("约为阈值 50 的", "只剩…的", "只有原来的", "took … of"),
before it."""
_FORMER = re.compile(r"(?:原来|原先|原值)(?=\s*的\s*$)")
"""After a change "从 A 到 B", the value it came from said as a word ("约为原来的 21%"): the change's
first term, which the step (B over A) already took."""


_WORKING = re.compile(r"\s?[(（]\s?(?P<a>\d+(?:\.\d+)?)\s?(?:/|of|in)\s?(?P<b>\d+(?:\.\d+)?)\s?[)）]")
"""A share's working in brackets, after it in its clause: "1%（50/5000）", "about 9% of them (37 of 412)"."""


def _shown(fig: derived.Figure, working: re.Match[str], items: Sequence[str]) -> bool:
    """Whether ``working`` (``_WORKING``), after the share ``fig``, is the ratio that gives it, of
    two numbers of one kind one item holds: the line showing its arithmetic, which names no value
    of its own ("只有原来的 1%（50/5000）" of "max_tokens 5000 … 改为 max_tokens 50")."""
    a, b = float(working.group("a")), float(working.group("b"))
    if not fig.share or not b or a == b or not derived.reads(fig, a / b * fig.scale):
        return False
    kinds = ({k for k, v in held if v == a} & {k for k, v in held if v == b} for held in map(derived.numbers, items))
    return any(kinds)  # both of one kind in one item


def unshown(line: str, items: Sequence[str]) -> str:
    """``line`` (canonical) without the working a share of it shows in brackets in its clause (``_WORKING``,
    ``_shown``): "只有原来的 1%（50/5000）" is "只有原来的 1%", its share then held or refused as
    any; a working of numbers no item holds, or one not giving the share, stays."""
    text = canonical(line)
    for fig in sorted(derived.figures(text), key=lambda f: -f.start):
        end = next((m.start() for m in derived.CLAUSE_END.finditer(text, fig.end)), len(text))
        working = _WORKING.search(text, fig.end, end)  # in the share's clause: "about 9% of the objects (37/412)"
        if working is not None and _shown(fig, working, items):
            text = text[:working.start()] + text[working.end():]
    return text if text != canonical(line) else line  # none shown: the line as it is


def without(line: str, figs: Iterable[derived.Figure], items: Sequence[str] = (), apart: bool = False) -> str:
    """``line`` (canonical) with ``figs`` taken out, and with them the words of the step they are
    (``_FROM_TO``, ``_RELATION``; ``_CHANGED`` only where the step checked the direction against
    the numbers, ``directed`` over ``items``: else a verb of change stays, judged against its
    item's own): what is left is the values they are worked out from, each traced as any line.
    ``apart``: a multiple or a share leaves a clause break in its place, its two terms each a
    clause of its own ("A was about 12.8 times B" → "A was; B"), as a comma sets them apart in
    "186 个，约为阈值 50 的 3.7 倍"."""
    text = canonical(line)
    figs = sorted(figs, key=lambda f: -f.start)
    for fig in figs:
        before = text[:fig.start]
        if not fig.difference and not fig.per:
            cut = max((m.end() for m in derived.CLAUSE_END.finditer(before)), default=0)
            if derived.CHANGE.search(before[:cut]):
                before = before[:cut] + _FORMER.sub(" ", before[cut:])
            before = before[:cut] + _RELATION.sub(lambda m: "; " if apart and m.group(0).strip()[-1:] != "的" else " ",
                                                  before[cut:])  # "A 约为 B 的": apart, "A; B"
        text = before + ("; " if apart and not fig.difference and not fig.per else " ") + text[fig.end:]
    if any(f.difference for f in figs):
        directed = _direction(canonical(line)) in ("down", "up") and any(
            f.difference and given(f, line, (), items) for f in figs)  # named terms or two times, not one line
        text = _FROM_TO.sub(lambda m: f"{m.group('a')}, then {m.group('b')}" if m.group("a")
                            else f"{m.group('c')}，然后 {m.group('d')}", _CHANGED.sub(" ", text) if directed else text)
    return apposition.bare(text).rstrip(" ,;，；")  # a last clause the figure was all of says nothing


_DOWN = re.compile(r"(?i)(?<![\w-])(?:fell|fallen|falls?|dropped|drops?|decreased?|declined?|went\s+down|shrank|"
                   r"reduced|reduction)(?![\w-])|降|减|少了|回落")
_UP = re.compile(r"(?i)(?<![\w-])(?:rose|risen|rises?|grew|grown|growth|gain|increased?|climbed|went\s+up|"
                 r"jumped)(?![\w-])|增|升|涨|多了")
_MORE = re.compile(r"(?i)(?<![\w-])(?:higher|more|larger|bigger|greater|longer|slower|above)(?![\w-])"
                   r"|高出|多出|比[^，,；;]*?[长高大慢晚]")
_LESS = re.compile(r"(?i)(?<![\w-])(?:lower|less|fewer|smaller|shorter|faster|below)(?![\w-])"
                   r"|低于|比[^，,；;]*?[短低小快早]")
"""The direction a line gives a difference of two numbers it names in order, closed classes of
words: a change downwards ("fell from A to B", "降到") and a comparative upwards ("A, 3 more than
B") are the first less the second; a change upwards and a comparative downwards the second less
the first. After a change "from A to B" a comparative is said of B, the value it came to ("fell
from 3.6 GiB to 1.7 GiB, 1.9 GiB less"): downwards the first less the second."""


def _direction(text: str) -> str:
    more, less = _MORE.search(text) is not None, _LESS.search(text) is not None
    if _FROM_TO.search(text):
        more, less = less, more  # said of the value it came to
    down, up = _DOWN.search(text) is not None or more, _UP.search(text) is not None or less
    return "both" if down and up else "down" if down else "up" if up else ""


def _stepped(fig: derived.Figure, a: tuple[str, float], b: tuple[str, float], direction: str,
             changed: bool = False) -> bool:
    """Whether one step over ``a`` then ``b`` (as the line gives them, each (kind, value)) gives
    ``fig``: its difference in the line's direction, the share of the part in the whole, the
    multiple in the order stated (after a change from ``a`` to ``b``, ``changed``: ``b`` over ``a``,
    "由 310 涨到 5120，约 16.5 倍"), the count per duration, the quantity per count."""
    (ka, va), (kb, vb) = a, b
    if fig.per == "rate" and {ka, kb} == {"%", "count"}:  # a share of a rate: 21.4% of 5480/s
        return derived.reads(fig, va * vb / 100)
    if fig.per:  # a count over a duration, or a quantity over a count, in either order
        top, per = ("count", "time") if fig.per == "rate" else (fig.per, "count")
        pair = {ka: va, kb: vb} if {ka, kb} == {top, per} else {}
        if not pair.get(per):
            return False
        scale = fig.factor if fig.per == "rate" else 1 / fig.factor  # per the time it names; in the unit written
        return derived.reads(fig, pair[top] * scale / pair[per])
    if ka != kb:
        return False
    if fig.total:
        return ka == fig.difference and derived.reads(fig, (va + vb) / fig.factor)
    if fig.difference:
        if ka != fig.difference:
            return False
        diff = {"down": va - vb, "up": vb - va, "": abs(va - vb)}.get(direction, 0.0)  # words both ways: none
        return diff > 0 and derived.reads(fig, diff / fig.factor)
    if fig.share:
        return ka != "%" and bool(max(va, vb)) and derived.reads(fig, min(va, vb) / max(va, vb) * fig.scale)
    over, under = (vb, va) if fig.inverse != changed else (va, vb)
    return bool(under) and derived.reads(fig, over / under)


def _turned(fig: derived.Figure, text: str, item: str) -> bool:
    """Whether ``fig``, a difference ``text`` gives with a word of direction in its clause ("TPS 多了
    870", "870 fewer", "had risen by 870"), is the size of a change ``item`` tells the other way ("TPS
    由 2350 降至 1480"), and of no change it tells that way."""
    if not fig.difference:
        return False
    said = text[max((m.end() for m in derived.CLAUSE_END.finditer(text, 0, fig.start)), default=0):fig.end]
    up, down = bool(_UP.search(said) or _MORE.search(said)), bool(_DOWN.search(said) or _LESS.search(said))
    if up == down:
        return False
    ways = set()
    for a, b in direction.changes(item):
        (ka, va), (kb, vb) = (derived.numbers(a) or [("", 0.0)])[0], (derived.numbers(b) or [("", 0.0)])[0]
        if ka == kb == fig.difference and va != vb and derived.reads(fig, abs(vb - va) / fig.factor):
            ways.add(vb > va)
    return ways == {not up}


def _clocks(text: str) -> set[str]:
    return set(re.findall(r"(?<![\d:])(\d{1,2}:\d{2})(?::\d{2})?(?![\d:])", text))


def _timed(text: str, clocks: set[str]) -> bool:
    """Whether ``text`` (an item) is stamped at one of ``clocks`` (``hh:mm``)."""
    m = _STAMP.search(text)
    return m is not None and (m.group(1) in clocks or m.group(1).lstrip("0") in clocks)


def stamped_at(item: str, line: str) -> bool:
    """Whether ``item`` is stamped at a time ``line`` names (``hh:mm``): a clause of a line opening
    "10:06 …" restates, of the lines holding its words, the one of 10:06."""
    clocks = _clocks(canonical(line))
    return bool(clocks) and _timed(item, clocks)


def _stamp(text: str) -> str:
    """The ``hh:mm`` ``text`` (an item) is stamped at, or ``""``."""
    m = _STAMP.search(text)
    return m.group(1) if m else ""


_STAMP = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ](\d{2}:\d{2})")


_NUMERAL = re.compile(r"[\d.,:/-]+")


def _labelled(item: str) -> list[tuple[str, str, float]]:
    """The numbers of ``item`` with what each is of: the words before it in its part of the line
    (between commas), as (label, kind, value)."""
    text = units.plain_numbers(canonical(item))
    text = re.sub(r"^\S*\d{4}-\d{2}-\d{2}[Tt ]\S+\s*", "", text)
    out = []
    for part in re.split(r"[,;，；()（）]", text):
        for m in derived.NUMBER.finditer(part):
            words = [w for w in re.findall(r"[^\W_][\w/.-]*", part[:m.start()]) if not _NUMERAL.fullmatch(w)]
            kind = "%" if m.group("pct") else (q[0] if m.group("unit") and (q := units.quantity(m.group(0).strip()))
                                               else "count")
            value = float(m.group(1)) if kind in ("%", "count") else derived.numbers(m.group(0))[0][1]
            out.append((" ".join(words[-2:]).casefold(), kind, value))
    return out


def given(fig: derived.Figure, line: str, near: Sequence[str], items: Sequence[str]) -> bool:
    """Whether ``fig``, a figure of ``line``, follows by one step from what ``line`` is bound to:
    two numbers of one item it restates (``near``: ``derived.held``); two numbers the line names itself,
    each held by an item (the rest of the line is traced as any line: "186 个，约为阈值 50 的 3.7 倍",
    "从 40/40 降到 22/40，少了 18 个"), in the order it names them; or, for a difference, one number
    of each of two items the line's times name (``hh:mm``), the same thing (the same words before
    it) at two times, in the direction the line gives ("fell by 2360/s between 09:14 and 09:45")."""
    text = canonical(line)
    rest = text[:fig.start] + " " + text[fig.end:]
    clocks = _clocks(rest)
    timed = sorted((t for t in items if _timed(t, clocks)), key=lambda t: re.sub(r"^\D*", "", t)[:19])
    if (not fig.difference or len({_stamp(t) for t in timed}) < 2) \
            and any(derived.held(fig, line, t) and not _turned(fig, text, t) for t in near):
        return True  # a change between two times is not the difference of two things at one (lines of one time: one)
    direction = _direction(text)
    known = {n for t in items for n in derived.numbers(t)}
    held = [n for n in dict.fromkeys(derived.numbers(rest)) if n in known]
    named = [n for n in dict.fromkeys(derived.numbers(rest)) if n in known or _worked(n, held)]
    if fig.per == "rate":  # a count per time over the window its item gives it by two ends
        named += [w for w in clock_window.durations(rest, items) if w not in named]
    changed = derived.CHANGE.search(rest) is not None
    if any(_stepped(fig, a, b, direction, changed) and not (fig.share and _its_own_share(rest, items, a, b))
           for i, a in enumerate(named) for b in named[i + 1:]):
        return True
    if fig.total:
        return _summed(fig, rest, items, clocks, text)
    if not fig.difference:
        return False
    for i, first in enumerate(timed):
        for second in timed[i + 1:]:
            later = _labelled(second)
            if any(la == lb and ka == kb and _names(rest, la) and _stepped(fig, (ka, va), (kb, vb), direction)
                   for la, ka, va in _labelled(first) for lb, kb, vb in later if la):
                return True
    return False


_CJK_CHAR = re.compile(r"[\u4e00-\u9fff]")


def _worked(n: tuple[str, float], held: Sequence[tuple[str, float]]) -> bool:
    """Whether ``n`` is the difference of two numbers of its kind the line names and the items hold
    ("从 2.3 GB 回落到 0.4 GB，减少了 1.9 GB，约 83%": the 1.9 GB a share may then be worked out of)."""
    return any(ka == kb == n[0] and math.isclose(abs(va - vb), n[1], rel_tol=1e-9)
               for i, (ka, va) in enumerate(held) for kb, vb in held[i + 1:])


def _summed(fig: derived.Figure, rest: str, items: Sequence[str], clocks: set[str], text: str = "") -> bool:
    """Whether ``fig``, a total, is the sum of one thing over two names ``rest`` lists ("ls-1 和 ls-2
    过去 60 秒共失败 9990 条"): one number of each of two items, each naming one of the names and
    not the other, at the line's times where it gives some, the same words before both, words the
    line names."""
    names = [t for t in specific.specific_tokens(rest) if not _CJK_CHAR.search(t)
             and alignment.name(alignment.Word(t.casefold(), False))]
    def own(name: str) -> list[str]:
        return [t for t in items if (not clocks or _timed(t, clocks)) and specific.occurs(name, specific.prepared(t))
                and not any(specific.occurs(n, specific.prepared(t)) for n in names if n != name)]
    if any(la == lb and ka == kb and _names(rest, la) and _stepped(fig, (ka, va), (kb, vb), "")
           for i, a in enumerate(names) for b in names[i + 1:] for first in own(a) for second in own(b)
           for la, ka, va in _labelled(first) for lb, kb, vb in _labelled(second) if la):
        return True
    return any(_stepped(fig, (ka, va), (kb, vb), "") and _names(text or rest, thing)
               for t in items if not clocks or _timed(t, clocks)
               for (ka, va, thing), (kb, vb, _) in _parted(canonical(t), names))


def _parted(item: str, names: Sequence[str]) -> Iterable[tuple[tuple[str, float, str], tuple[str, float, str]]]:
    """One item's numbers of two of ``names`` it writes in parts of its own ("lb-01: 6120 connection
    errors …; lb-02: 4380", "ls-1：失败 5200 条；ls-2：4790 条"): each part from a name to the next,
    the first number of its first clause; the second of the same kind and saying of itself nothing
    the first does not, what the first says of its number (the words around it, up to the next
    number) being what both are of."""
    at = sorted((m.start(), n) for n in names if not derived.numbers(n)  # a name, not a quantity ("5 min")
                for m in [re.search(rf"(?i)(?<![\w-]){re.escape(n)}(?![\w-])", item)] if m is not None)
    if len(at) < 2:
        return
    ends = [s for s, _ in at[1:]] + [len(item)]
    firsts = []
    for (start, name), end in zip(at, ends, strict=True):
        clause = " " + units.plain_numbers(re.split(r"[,;，；()（）]", item[start + len(name):end])[0]).lstrip(":")
        found = list(derived.NUMBER.finditer(clause))
        if not found:
            return
        upto = found[1].start() if len(found) > 1 else len(clause)
        words = re.findall(r"[^\W\d_][\w/.-]*", clause[:found[0].start()] + " " + clause[found[0].end():upto])
        [(kind, value)] = derived.numbers(found[0].group(0)) or [("count", 0.0)]
        firsts.append((kind, value, [w.casefold() for w in words]))
    for i, (ka, va, thing) in enumerate(firsts):
        for kb, vb, said in firsts[i + 1:]:
            if ka == kb and thing and set(said) <= set(thing):
                yield (ka, va, " ".join(thing[:3])), (kb, vb, " ".join(said))


def _names(text: str, label: str) -> bool:
    """Whether ``text`` (canonical) names the thing ``label`` calls a number: one of its words."""
    return any((w in text) if _CJK_CHAR.search(w) else
               re.search(rf"(?i)(?<![\w/-]){re.escape(w)}(?![\w-])", text) is not None
               for w in label.split() if len(w) > 1)


def _its_own_share(text: str, items: Sequence[str], a: tuple[str, float], b: tuple[str, float]) -> bool:
    """Whether an item holding both terms writes a percentage of its own of a thing ``text`` names
    ("5xx 21.4%" where the line says "5xx was about 95%, 5210 of 5480"): the share the line says of
    that thing is that value, whatever the terms give."""
    return any(kind == "%" and _names(text, label) for t in items if a in derived.numbers(t) and b in derived.numbers(t)
               for label, kind, _ in _labelled(t))
