"""Who did it to whom: the agent a line's passive names (被 X 拒收, "rejected by X") is its event's
agent, and a line may not give that event to the other party.

"mx-out-01 拒收了 gmail-smtp-in.l.google.com 发来的邮件" holds every token of "postfix/smtp mx-out-01：
发往 gmail.com 的邮件被 gmail-smtp-in.l.google.com 拒收" and most of its words: the line turns the
rejecter and the rejected round. The passive's marker (被 in Chinese, "by" after a verb in the past
in English) binds the name right after it (before it, in English: "rejected by X") as the agent of
the verb there; a name right before a verb, with no marker (in English, the verb in the past and no
"by" after it: "X rejected"), is that verb's agent in the active. Where one of the two, line or
item, names its agent by the marker, the item gives the verb (its first word, its stem in English)
an agent, the line gives it another name the item holds, and names the item's agent elsewhere, the
line gives the event to the other party. A verb the item gives no agent, or an agent the line keeps,
is judged as before; two actives ("CHG-7731 marked failed" and "j.lindqvist marked CHG-7731 failed")
are not read here, a bare past participle being no sure active."""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.domain import alignment, specific
from app.domain.evidence import stem
from app.domain.text import canonical

_NAME = r"[A-Za-z0-9][\w.@/-]*[\w]"
_KIND = r"(?:[a-z]{2,}\s+)?"
"""A kind word that may stand before the agent's name ("by pod batch-2", "被 pod batch-2")."""
_ZH_PASSIVE = re.compile(rf"被\s*{_KIND}({_NAME})\s*([\u4e00-\u9fff]+)")
_ZH_ACTIVE = re.compile(rf"(?<![\w.@/-])({_NAME})\s*(?:已经|已|又|也|再次)?\s*([\u4e00-\u9fff]+)")
_EN_PASSIVE = re.compile(rf"\b([a-z]{{2,}}ed)\s+by\s+{_KIND}({_NAME})", re.IGNORECASE)
_EN_ACTIVE = re.compile(rf"(?<![\w.@/-])({_NAME})\s+(?:has\s+|had\s+)?([a-z]{{2,}}ed)\b(?!\s+by\b)")


@dataclass(frozen=True)
class Agent:
    """A verb (its first Chinese word, or its English stem), the name given as its agent, and
    whether a passive's marker names it."""

    verb: str
    name: str
    marked: bool


_GRAMMAR = frozenset("的了和与及或在是为于")
"""Characters that open no verb: a run after a name beginning with one is a noun phrase or a place."""


def _zh_verb(run: str) -> str | None:
    """The verb opening ``run``: its first word, or its first two characters where the vocabulary
    holds no word there (拒收); None where the run opens with a word of grammar."""
    if len(run) < 2 or run[0] in _GRAMMAR:
        return None
    first = specific.cjk_segments(run)[0][0]
    return first if len(first) >= 2 else run[:2]


def _named(token: str) -> bool:
    return alignment.name(alignment.Word(token, False))


def agents(text: str) -> set[Agent]:
    """The agents ``text`` gives its verbs (see the module)."""
    flat = canonical(text)
    out: set[Agent] = set()
    passive_at: set[int] = set()
    for m in _ZH_PASSIVE.finditer(flat):
        verb = _zh_verb(m.group(2))
        if verb is not None and _named(m.group(1)):
            out.add(Agent(verb, m.group(1).casefold(), True))
            passive_at.add(m.start(1))
    for m in _ZH_ACTIVE.finditer(flat):
        verb = _zh_verb(m.group(2))
        if verb is not None and m.start(1) not in passive_at and _named(m.group(1)):
            out.add(Agent(verb, m.group(1).casefold(), False))
    for m in _EN_PASSIVE.finditer(flat):
        if _named(m.group(2)):
            out.add(Agent(stem(m.group(1).casefold()), m.group(2).casefold(), True))
    for m in _EN_ACTIVE.finditer(flat):
        before = flat[:m.start()].rstrip().casefold()
        if _named(m.group(1)) and not before.endswith(("was", "were", "been", "is", "are", "be")):
            out.add(Agent(stem(m.group(2).casefold()), m.group(1).casefold(), False))
    return out


def turned(line: str, item: str) -> str | None:
    """The name ``line`` gives as the agent of a verb whose agent in ``item`` is another name the
    line names elsewhere, one of the two told by a passive's marker (see the module); None when
    there is none."""
    theirs = agents(item)
    held = {t.casefold() for t in specific.specific_tokens(item)}
    low = canonical(line).casefold()
    for mine in sorted(agents(line), key=lambda a: (a.verb, a.name)):
        given = [a for a in theirs if a.verb == mine.verb]
        if not given or mine.name in {a.name for a in given} or mine.name not in held:
            continue
        if any((a.marked or mine.marked) and a.name in low for a in given):
            return mine.name
    return None
