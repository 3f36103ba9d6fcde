"""Values written in words or in parts, read as one value in digits: a line may say a value its
item writes in digits another way, and is then the same line.

- a percentage in words: "eighteen percent", "18 percent", "百分之二十三" are ``18%``, ``23%``;
- a Chinese number in two scales: "1 亿 8 千万" is ``180000000`` (as "1.8 亿" is, once plain:
  ``app.domain.units.plain_numbers``);
- a duration in parts said as a value, not an interval: "落后约 6 分 20 秒" is ``约 380 秒``.

``in_digits`` gives the line with each such value in digits, and the line is traced as written
then: a value the items do not hold (``百分之三十`` of 23%, ``6 分 30 秒`` of 380 s) is still
named, and refused.
"""

from __future__ import annotations

import re

from app.domain import chronology, units
from app.domain.text import canonical

_EN_NUMBER = r"[a-z]+(?:-[a-z]+)?"
_PERCENT = re.compile(rf"(?i)(?<![\w-])(?P<num>\d+(?:\.\d+)?|{_EN_NUMBER})\s?(?:percent|per\s+cent)(?![\w-])"
                      r"|百分之(?P<zh>[\d.]+|[零〇一二两三四五六七八九十百]+)")
_TWO_SCALES = re.compile(r"(?<![\d.])(?P<a>\d+)\s?亿\s?(?P<b>\d+)\s?千万(?![\d])")


def _percent(m: re.Match[str]) -> str:
    num = m.group("num") or m.group("zh")
    value = num if num[:1].isdigit() else units.number_value(num)
    return m.group(0) if value is None else f"{value}%"


def in_digits(line: str) -> str:
    """``line`` (canonical) with its percentages in words, its Chinese numbers in two scales and
    its durations in parts written in digits; ``line`` itself when it has none."""
    text = canonical(line)
    out = _PERCENT.sub(_percent, text)
    out = _TWO_SCALES.sub(lambda m: str(int(m.group("a")) * 10 ** 8 + int(m.group("b")) * 10 ** 7), out)
    for whole in chronology.durations(out, ()):
        hedge = re.match(rf"(?i)(?:{units.HEDGE_WORDS})\s?", whole)
        bare = whole[hedge.end():] if hedge else whole
        seconds = chronology.seconds(bare)
        if seconds is not None:
            unit = "秒" if re.search(r"[分秒时]", bare) else "s"
            out = out.replace(bare, f"{seconds:g} {unit}", 1)
    return line if out == text else out
