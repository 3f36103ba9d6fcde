"""Who did it, in Chinese: a line may not give its event the agent of another line.

Chinese logs write a person as a run of characters set apart by spaces or punctuation ("运维日志：孙浩
逐个重启 …", "通知值班 周立"), a run the common vocabulary does not hold as a word: the cut reads it
as single characters (周 立), each common, so it is no specific token, and "由 周立 重启" reads as
wording. A line names its agent in a place of grammar: after the passive's marker (由, 被, 经) or
opening the line, before its verb ("周立 重启了 …"). An agent so named and set apart, a run the
vocabulary cuts into single characters, that the line's item does not hold while another item
sets it apart, moves that item's person onto this item's event ("pay-svc-7f9-q2 … 是由 周立 重启的"
where 孙浩 restarted them and 周立 acknowledged an alert). A name no item holds is judged as before;
a run the vocabulary holds (上线, 重启) is a word, not a name."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from app.domain import specific
from app.domain.text import canonical

_APART = re.compile(r"(?:(?<=[\s:,;、()（）：，；])|^)([\u4e00-\u9fff]{2,4})(?=[\s:,;、()（）：，；。]|$)")
_AGENT = re.compile(r"(?:^\s*(?:\d{1,2}:\d{2}(?::\d{2})?\s*)?|(?:由|被|经)\s*)([\u4e00-\u9fff]{2,4})(?=\s)")
"""The agent's place: after the passive's marker, or opening the line (after its time)."""


@functools.lru_cache(maxsize=16_384)
def names(text: str) -> frozenset[str]:
    """The runs of ``text`` set apart by spaces or punctuation that the vocabulary cuts into single
    characters only: names by their form."""
    return frozenset(run for run in _APART.findall(canonical(text))
                     if all(len(w) == 1 for w, _ in specific.cjk_segments(run)))


def agents(line: str) -> frozenset[str]:
    """The names ``line`` gives in the agent's place (see the module)."""
    return frozenset(m.group(1) for m in _AGENT.finditer(canonical(line))) & names(line)


def moved_agent(line: str, item: str, others: Sequence[str]) -> str | None:
    """The agent ``line`` names that ``item`` does not hold and another of ``others`` sets apart;
    None when there is none."""
    return next((n for n in sorted(agents(line)) if n not in item and any(n in names(o) for o in others)), None)
