"""A hyphenated phrasal noun holds its verb: "scale-up", "roll-back", "fail-over".

A log writes the event as a noun ("scale-up ng-web 43 -> 50 succeeded"), and a claim tells it by its
verb ("ng-web scaled from 43 to 50 nodes", "rolled back"). Read as one term, the noun shares no
subject term with the verb, and the honest restatement is held by no item. So an item writing a
verb and a particle joined by a hyphen holds the verb too, in the forms its endings take ("scale",
"scaled", "scales": the stems ``app.domain.evidence.stem`` gives them). The particle is not given
away: a line putting another particle after the verb ("scaled down" of "scale-up") turns the event
round, and is not held by that item (``turned``).
"""

from __future__ import annotations

import re

from app.domain.evidence import stem

PARTICLES = ("up", "down", "out", "in", "over", "back", "off", "on")
_COMPOUND = re.compile(rf"(?i)(?<![\w-])(?P<verb>[a-z]{{3,}})-(?P<particle>{'|'.join(PARTICLES)})(?![\w-])")


def _forms(verb: str) -> set[str]:
    """The stems of ``verb`` and of its -ed and -s forms ("scale": ``scale``, ``scal``)."""
    verb = verb.casefold()
    suffixed = (verb + "d", verb + "s") if verb.endswith("e") else (verb + "ed", verb + "s")
    return {stem(verb), *(stem(f) for f in suffixed)}


def verb_stems(text: str) -> set[str]:
    """The stems of the verbs the hyphenated phrasal nouns of ``text`` are made of."""
    return {s for m in _COMPOUND.finditer(text) for s in _forms(m.group("verb"))}


def turned(line: str, text: str) -> str | None:
    """The verb ``line`` puts with another particle than ``text``'s phrasal noun gives it ("scaled
    down" where the item writes "scale-up"); None when there is none."""
    for m in _COMPOUND.finditer(text):
        other = "|".join(p for p in PARTICLES if p != m.group("particle").casefold())
        forms = "|".join(re.escape(f) for f in sorted(_forms(m.group("verb")), key=len, reverse=True))
        said = re.search(rf"(?i)(?<![\w-])(?:{forms})[a-z]*(?:\s+|-)(?:{other})(?![\w-])", line)
        if said is not None:
            return said.group(0)
    return None
