"""A condition's window is not the span of what the condition set off.

An alert rule or a health check writes how long its condition must hold before it acts: "alert
ApiLatencyHigh fired (p99 > 2s for 5 min)", "告警 X 触发（HealthyHostCount < 1 持续 1 分钟）". The
duration belongs to the comparison before it, a measure against a bound, not to the alert: "the
alert lasted only 5 minutes", "告警只持续了 1 分钟" keep every word and value of the line and move the
condition's window onto the event. A line giving a duration its item writes only as the window
of a condition (a name compared with a bound, then "for"/"持续" and the duration), without the
measure compared, puts the window on something else; a line keeping the measure ("fires when p99 >
2s for 5 min", "HealthyHostCount 低于 1 持续 1 分钟") restates the condition."""

from __future__ import annotations

import functools
import re

from app.domain import units
from app.domain.text import canonical

_NUM = r"\d+(?:\.\d+)?"
_UNIT = r"(?:ms|secs?|seconds?|s|mins?|minutes?|m|hrs?|hours?|h|毫秒|秒钟?|分钟|小时)"
_DURATION = re.compile(rf"(?i)(?<![\w.:-]){_NUM}\s*{_UNIT}(?![a-z\d])")
_CONDITION = re.compile(
    rf"(?i)(?P<measure>[a-z_][\w.\-]*)\s*(?:<=|>=|==|!=|<|>|≤|≥)\s*{_NUM}\s*[%a-z/]*\s*"
    rf"(?:for|over|sustained\s+for|持续)\s*(?P<window>{_NUM}\s*{_UNIT})(?![a-z\d])")
"""A measure compared with a bound, then the window it must hold for: "p99 > 2s for 5 min",
"HealthyHostCount < 1 持续 1 分钟"."""


def _seconds(duration: str) -> float | None:
    text = re.sub(r"(?i)(?<=\d)\s*m$", " min", duration.strip())  # "5m" of a rule is five minutes
    return units.seconds(text)


@functools.lru_cache(maxsize=4096)
def _windows(item: str) -> tuple[tuple[str, float], ...]:
    """The measures ``item`` compares (case-folded) with the window each must hold for, in seconds,
    where the item writes that duration nowhere else."""
    source = canonical(item)
    if not any(op in source for op in "<>=≤≥"):
        return ()  # no comparison, no condition: most items
    conditions = list(_CONDITION.finditer(source))
    inside = [(m.start("window"), m.end("window")) for m in conditions]
    elsewhere = {_seconds(d.group()) for d in _DURATION.finditer(source)
                 if not any(a <= d.start() < b for a, b in inside)}
    found = ((m.group("measure").casefold(), _seconds(m.group("window"))) for m in conditions)
    return tuple((measure, window) for measure, window in found if window is not None and window not in elsewhere)


def moved_window(line: str, item: str) -> str | None:
    """The duration ``line`` gives that ``item`` writes only as a condition's window, where ``line``
    does not name the measure compared; None when there is none."""
    flat = canonical(line).casefold()
    for measure, window in _windows(item):
        if measure in flat:
            continue
        told = next((d.group() for d in _DURATION.finditer(flat) if _seconds(d.group()) == window), None)
        if told is not None:
            return told
    return None
