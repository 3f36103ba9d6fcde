"""A value a line gives one member of a parallel structure is not told of another member.

"restore-object：Standard 层 12 小时内完成，Bulk 层 48 小时内完成且费用更低" gives two tiers each its own time,
in parts joined by a comma; "Bulk 层取回要 12 小时内完成" holds every token of it and gives the Standard
tier's time to the Bulk tier. So does "mc-03 evicted 1710/s" of "memcached mc-02: evictions 1710/s;
mc-03: evictions 1655/s" (the first member named in the line's head), "cass-n01 hints 13.9 GB" of
"cass-n01 and cass-n02 hold 2.1 GB and 13.9 GB of hints respectively" (two lists paired in order),
and "had 176 GB left" of "pg_wal volume 88% used (176 of 200 GB)" (a value told of its complement:
what is used is not what is left).

The reader (``groups``): a line's parts are what lies between its commas, semicolons, 、, "and"
and sentence ends, each read within its sentence. A group of parallel members is
- parts that each give a value and open with a word or name of one shape (letters, capitals, digits
  and inner punctuation alike: ``Standard``/``Bulk``, ``mc-02``/``mc-03``), each the member of the
  word it opens with; the first part of a sentence is keyed by the word after its label colon, or,
  where that is of another shape, by the last word of the members' shape before its first value
  (the name a line's head gives: "memcached mc-02: evictions 1710/s; mc-03: …");
- the names and values of two lists a line pairs in order (``app.domain.respective``);
- what a line says is used, and its complement, what is left (free, remaining, 剩余, 可用), which
  has no value where the line gives none.

The rule (``moved``): where a stretch of a claim (between its commas and semicolons) names one
member of a group alone (or names none, and the claim names one alone), and gives a value the line
writes only in the parts of other members of that group, none of its own member of that unit said
beside it, the claim gives one member's value to another. A value the line writes outside the
group too, a stretch naming two members, and a whole's value ("of 200 GB", 共) are not judged here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from app.domain import alignment, denial, respective, specific
from app.domain.text import canonical


class Member(BaseModel):
    """One member of a parallel structure: the word it is keyed by (case-folded; a class's name for
    a complement) and what the line says of it (its parts)."""

    model_config = ConfigDict(frozen=True)

    key: str
    texts: tuple[str, ...]
    words: frozenset[str] = frozenset()
    """The words naming it in a claim (its key alone, unless a class of words names it)."""


class Group(BaseModel):
    """Members a line tells in parallel, and its parts outside them."""

    model_config = ConfigDict(frozen=True)

    members: tuple[Member, ...]
    outside: tuple[str, ...] = ()


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\D)|[。！？\n]")
_PART = re.compile(r"[;；、]|(?<!\d)[,，]|[,，](?!\d)|\s+(?:and|while|whereas|but)\s+|而|但")
_BRACKET = re.compile(r"[()（）]")
"""A bracket opens or closes a part of members ("选 Bulk 是为节省费用（Bulk 层 48 小时内完成，Standard 层 12 小时内
完成）"); not of what is used, which a bracket often spells out ("88% used (176 of 200 GB)")."""
_LABEL = re.compile(r":\s|：")
_TOKEN = re.compile(r"[A-Za-z0-9][\w.:/%+-]*[\w%]|[A-Za-z0-9]|[\u3400-\u9fff]+")
_WHOLE = re.compile(r"(?i)(?:\bof(?:\s+the)?|\bout\s+of|/|共|总共|总量|总计)\s*$")
"""What comes before a whole's value ("29 of 260 GB", "of the 200 GB volume", "共 200 GB"): the
whole is no member's part."""
_STRETCH = re.compile(r"[,，;；]")
USED = frozenset("used usage utilization utilisation consumed occupied 已用 已使用 使用 占用 用量 使用量".split())
FREE = frozenset("free left remaining available avail 剩 剩余 剩下 还剩 可用 空闲 余量".split())
"""Words of a quantity used, and of its complement, what is left of it (closed classes)."""


def _shape(token: str) -> str:
    """A key's shape: the inner punctuation it is built with, and whether it opens with a capital
    (``mc-02``/``mc-03``, ``debezium_orders``/``pg_replica_01``, ``Standard``/``Bulk`` alike)."""
    inner = "".join(sorted(set(re.findall(r"[^\w\s]|_", token.strip(".:/-_@#+")))))
    return inner + ("A" if token[:1].isupper() else "a")


def values(text: str) -> list[str]:
    """The quantities ``text`` gives with their unit (no bare number, which may be a revision or a
    port; no time, no name, no whole after "of" or 共), as written."""
    flat = canonical(text)
    out = []
    for t in specific.specific_tokens(flat):
        q = denial.quantity_of(t)
        if q is None or not q[1] or not any(ch.isdigit() for ch in t):
            continue
        at = flat.find(t)
        if at < 0 or _WHOLE.search(flat[:at]) is None:
            out.append(t)
    return out


def _words(text: str) -> list[str]:
    return _TOKEN.findall(canonical(text))


def _opener(part: str) -> str:
    """The first word of ``part`` that is not a filler (a stopword, a determiner), as written; empty
    when it opens with a number or a Chinese word."""
    for w in _words(part):
        if re.match(r"[\u3400-\u9fff]", w):
            return ""
        if not alignment.filler(alignment.Word(w.casefold(), False), None):
            return "" if specific.is_number(w) or denial.quantity_of(w) is not None else w
    return ""


def _first_key(part: str, shape: str) -> str:
    """The key of a sentence's first part, of ``shape``: the word after its last label colon, else
    the last word of that shape before its first value (a name of the line's head)."""
    after = _opener(_LABEL.split(part)[-1])
    if after and _shape(after) == shape:
        return after
    said = values(part)
    head = canonical(part)
    head = head[:head.find(said[0])] if said and said[0] in head else head
    keyed = [w for w in _words(head) if _shape(w) == shape and not specific.is_number(w)]
    return keyed[-1] if keyed else ""


def _opened(parts: Sequence[str]) -> list[Group]:
    """The groups of parts opening with words of one shape, each giving a value."""
    if len(parts) < 2:
        return []
    groups = []
    for shape in {_shape(o) for o in (_opener(p) for p in parts[1:]) if o} - {"a"}:  # a small word opens a clause
        keyed: dict[str, list[str]] = {}
        outside = []
        for k, part in enumerate(parts):
            key = (_first_key(part, shape) if k == 0 else _opener(part)) if values(part) else ""
            if key and _shape(key) == shape:
                keyed.setdefault(key.casefold(), []).append(part)
            else:
                outside.append(part)
        if len(keyed) > 1:
            groups.append(Group(members=tuple(Member(key=k, texts=tuple(t), words=frozenset({k}))
                                              for k, t in keyed.items()), outside=tuple(outside)))
    return groups


def _says(text: str, said: frozenset[str]) -> bool:
    """Whether ``text`` says one of the words ``said`` (an English one as a word, a Chinese one
    within its run: 卷已用 is cut 卷/已/用)."""
    flat = canonical(text).casefold()
    return bool({w.text.removesuffix("'s") for w in alignment.words(flat)} & said) \
        or any(w in flat for w in said if re.match(r"[\u3400-\u9fff]", w))


def _complement(parts: Sequence[str]) -> list[Group]:
    """What the parts say is used, and its complement (the parts saying what is left, if any)."""
    used = tuple(p for p in parts if _says(p, USED) and values(p))
    if not used:
        return []
    left = tuple(p for p in parts if _says(p, FREE))
    rest = tuple(p for p in parts if p not in used and p not in left)
    return [Group(members=(Member(key="used", texts=used, words=USED), Member(key="free", texts=left, words=FREE)),
                  outside=rest)]


def groups(item: str) -> list[Group]:
    """The parallel structures of ``item`` (see the module)."""
    paired = respective.members(_LABEL.sub(": ", item))  # "cass-n01、cass-n02：…": a label after the names
    if paired is not None:
        return [Group(members=tuple(Member(key=k.casefold(), texts=(t,), words=frozenset({k.casefold()}))
                                    for k, t in paired))]
    out = []
    for sentence in _SENTENCE.split(item):
        parts = [p for p in _PART.split(sentence) if p and p.strip()]
        out += _opened([q for p in parts for q in _BRACKET.split(p) if q.strip()]) + _complement(parts)
    return out


def _occurs(value: str, text: str) -> bool:
    return specific.occurs(specific.prepared(value).strip(), specific.prepared(text))


def _unit(value: str) -> str | None:
    q = denial.quantity_of(value)
    return q[1] if q else None


def _named(text: str, group: Group) -> list[Member]:
    return [m for m in group.members if _says(text, m.words)]


def moved(line: str, item: str) -> str | None:
    """The value ``line`` gives a member of a parallel structure of ``item`` that the item gives
    only to other members (see the module); None when there is none."""
    found = groups(item)
    if not found:
        return None
    stretches = [s for s in _STRETCH.split(canonical(line)) if s.strip()]
    for group in found:
        whole = _named(line, group)
        for stretch in stretches:
            named = _named(stretch, group) or whole
            if len(named) != 1:
                continue
            member = named[0]
            said = values(stretch)
            if any(_occurs(v, t) for v in said for t in member.texts):
                continue  # its own value said beside: a comparison, not a move
            for value in said:
                owners = [m for m in group.members if any(_occurs(value, t) for t in m.texts)]
                if not owners or member in owners or any(_occurs(value, t) for t in group.outside):
                    continue
                if member.texts and not any(_unit(v) == _unit(value) for t in member.texts for v in values(t)):
                    continue  # a member giving no value of its unit: no parallel value to move
                return value
    return None
