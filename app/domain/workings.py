"""What a line says of its lines once what it works out is taken out.

A line that works out an interval or a figure ("The rollback ran for 6 min 38 s, from 16:15:02 to
16:21:40", "A p99 of 2.9 s is about 16 times the 180 ms baseline") is traced by what is left once
the worked-out value and the words of its step are out (``app.domain.provenance``): the
restatement of the lines that give its terms. Those lines are what the line is about, as the line
a plain restatement is traced to is: a finding about a latency ratio is about the upstream the
latency line names (``app.domain.claimtrace.restated_lines``, read by the relevance floor). Only
the value worked out is left out; every other word is still judged by the rules, so a line naming
what its lines do not is not traced and restates nothing.
"""

from __future__ import annotations

from app.domain import filled, fromto, steps, whole
from app.domain.provenance import Items, bounds, split


def readings(items: Items, line: str) -> list[str]:
    """What ``line`` says once the intervals and figures it works out from ``items`` are taken out
    (``Items.intervals``, ``Items.figures``): the line without them, and, for a line spanning two
    times, its reading at each (``provenance.bounds``), or each end of an interval "from one event to
    another" (``fromto.sides``); a line saying a thing full, read as its usage
    of 100% (``filled.reading``). Empty when it works out nothing."""
    found: list[str] = []
    durations = items.intervals(line)
    if durations:
        rest = Items.spanless(line, durations)
        found += [rest, *(bounds(rest) or fromto.sides(rest) or ())]  # "从 A 发布到 B 降为 0": each end's event
    figures = items.figures(line)
    if figures:
        found.append(steps.without(line, figures, items.texts))
    bare, wholes = whole.without(line, items.material)  # "all 38 partitions": the count, said as the whole
    if wholes:
        found.append(bare)
    full = filled.reading(line)  # "…表 15:42:20 满了": its usage of 100%
    if full is not None:
        found.append(full)
    return found


def restated(items: Items, line: str) -> list[int]:
    """The items ``line`` restates: those it is traced to whole, else those its clauses are traced
    to and those its readings once its worked-out values are out (``readings``) are traced to,
    whole or clause by clause ("刘洋 02:52:40 确认告警，约 12 分钟后才提交硬件工单 HW-3391": the ticket's
    line, whose clause holds no item for the interval it works out, is restated too); in order, each
    once."""
    held = [i for i in items.traces(line) if i >= 0]
    if held:
        return held
    held = [i for c in split(line) for i in items.traces(c) if i >= 0]
    for reading in readings(items, line):  # a clause no item holds for the value it works out
        held += _held(items, reading)
    return list(dict.fromkeys(held))


def _held(items: Items, text: str) -> list[int]:
    return [i for i in items.traces(text) if i >= 0] or [i for c in split(text) for i in items.traces(c) if i >= 0]
