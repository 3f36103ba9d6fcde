"""A denial of another part: an item that tells an event of some names and denies it of another
("ran nginx -s reload on ingress-a1 and ingress-a2 with cfg-2417; ingress-a3 not reloaded") is not
contradicted by a line telling the event of the names it tells it of ("ingress-a1 and ingress-a2
were reloaded with cfg-2417").

``alignment.denies`` reads a denial anywhere in an item against a line that negates nothing. Read
part by part (the item cut at its commas, semicolons and brackets), the denial is of the names of
its own part; the line contradicts it only where it names one of them, or names none of the item's
parts that tell the event in a name of the denied one's series (``ingress-a1`` beside ``ingress-a3``:
the same name but for its digits), so that a line naming only what the parts share ("the nodes were
reloaded with cfg-2417") is still judged against the denial. So "ingress-a3 was reloaded" is still
denied by that item, and "db-2 was restarted" by "db-1 not restarted; cache cleared on db-2", which
tells no restart of db-2. The Gatekeeper's polarity check (``flipped``) reads a denial so too.
"""

from __future__ import annotations

import re

from app.domain import alignment
from app.domain.text import canonical


def _names(text: str) -> set[str]:
    return {w.key for w in alignment.words(text) if alignment.name(w)}


def _series(names: set[str]) -> set[str]:
    """The names' series: each name with its digits left out (``ingress-a#``)."""
    return {re.sub(r"\d+", "#", n) for n in names if re.search(r"\d", n)}


def denies(line: str, source: str) -> bool:
    """Whether one of ``line`` and ``source`` denies an event the other tells (``alignment.denies``),
    but not where ``source`` denies it only in parts naming none of the line's names, and tells it
    un-negated in a part naming one of them of the denied names' series."""
    if not alignment.denies(line, source) or quoted(line, source):
        return False
    if alignment.has_negation(line):
        return True  # the line's own denial: judged as written
    return not _of_another_part(line, source)


_CLAUSE_OPEN = r"(?:^|[.。;；,，:：!?！？]\s*|\d+\.\s+)"
"""Where a clause of a text opens: its start, after a point, or after a step's number ("2. ")."""


def quoted(line: str, source: str) -> bool:
    """Whether ``line`` is ``source``'s own words from the opening of one of its clauses to the end of
    one ("如果健康检查路径被部署改动，先用 modify-target-group 恢复原路径" of a runbook's step 2): it says
    what those clauses say, whatever another sentence of ``source`` denies (its title's 不健康). A
    piece after a negator ("删除或重建目标组" of "不要删除或重建目标组") opens no clause, and is judged
    against the denial."""
    said = canonical(line).strip(" .。;；,，")
    return bool(said) and re.search(rf"{_CLAUSE_OPEN}{re.escape(said)}\s*(?:$|[.。;；,，!?！？])",
                                    canonical(source)) is not None


def flipped(line: str, source: str) -> bool:
    """``alignment.flipped``, but not where ``line``, negating nothing, tells of the names ``source``
    tells an event of what it denies only of another part."""
    return alignment.flipped(line, source) and (alignment.has_negation(line) or not _of_another_part(line, source))


def _of_another_part(line: str, source: str) -> bool:
    said = _names(line)
    parts = [p for p in alignment.SEGMENT.split(source) if p.strip()]
    denying = [p for p in parts if alignment.has_negation(p) and alignment.denies(line, p)]
    if not said or not denying or any(not _names(p) or _names(p) & said for p in denying):
        return False
    telling = [p for p in parts if not alignment.has_negation(p) and any(alignment.denies(d, p) for d in denying)]
    told = {n for p in telling for n in _names(p)} & said
    return bool(_series(told) & _series({n for p in denying for n in _names(p)}))
