"""Finding the evidence line a claim restates, among megabytes of lines: an inverted index from each
term to the lines holding it, built once and only when a claim needs it."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from app.domain.evidence import subject_terms
from app.domain.text import terms

RARE_TERMS = 8
CANDIDATES = 32
MIN_QUOTED = 0.5
"""A claim restates an evidence line when it shares at least half the line's subject with it."""
_CLOCK = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])")
"""A time of day as a claim writes it (08:24, 08:24:10)."""


def _at(time: str, line: str) -> bool:
    """Whether ``line`` holds the time of day ``time`` (to its precision: 08:24 in 08:24:10Z)."""
    return re.search(rf"(?<![\d:]){re.escape(time.zfill(5 if time.count(':') == 1 else 8))}(?!\d)", line) is not None


class Lines:
    """The evidence lines, with an index from each term to the lines holding it, built once and
    only when a claim needs it: a claim is then matched against the lines sharing its terms, not
    against every line of megabytes."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)
        self._index: dict[str, list[int]] | None = None

    @property
    def index(self) -> dict[str, list[int]]:
        if self._index is None:
            self._index = {}
            for i, line in enumerate(self.lines):
                for t in terms(line):
                    self._index.setdefault(t, []).append(i)
        return self._index

    def sharing(self, wanted: Iterable[str]) -> Counter[int]:
        """Per line among the likeliest few, how many of ``wanted`` it holds: candidates are the
        lines holding the rarest of the terms (an inverted index's usual shortcut), so a claim
        of common words against megabytes of lines costs a few short posting lists."""
        present = sorted((t for t in set(wanted) if t in self.index), key=lambda t: len(self.index[t]))
        if not present:
            return Counter()
        rare = Counter(i for t in present[:RARE_TERMS] for i in self.index[t])
        best = [i for i, _ in rare.most_common(CANDIDATES)]
        wanted_set = set(present)
        return Counter({i: len(wanted_set & terms(self.lines[i])) for i in best})

    def restated(self, text: str) -> str | None:
        """The line ``text`` restates: the line sharing most of its subject terms, if it shares at
        least ``MIN_QUOTED`` of them; on a tie, the first line holding every time of day ``text``
        gives ("08:24 ls-1 过去 60 秒没有写入失败" restates the 08:24 line, not an earlier one of the
        same words), else the first."""
        subject = subject_terms(text)
        shared = self.sharing(subject)
        if not subject or not shared:
            return None
        times = _CLOCK.findall(text)
        best = min(shared, key=lambda i: (-shared[i], not all(_at(t, self.lines[i]) for t in times), i))
        return self.lines[best] if shared[best] >= MIN_QUOTED * len(subject) else None
