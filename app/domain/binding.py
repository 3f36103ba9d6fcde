"""Binding: each clause of a line is one event, and what it says of that event is one line's.

A claim made only of words and values the evidence holds can still be false by putting them on
another event: "06:26 degraded PG 降到 97 个时，rgw-sh-3 5xx 仍有 731 次" joins two true lines, yet
dates the 731 errors (06:07) at the time of the other line (06:26); "cert-manager did not attempt
to renew checkout-tls" denies an event that a line reports, failing. Tracing clause by clause
(``app.domain.provenance``) holds each clause's tokens to one line; what a clause takes from the
line around it must be bound to that line too:

- **time**: a time that dates the whole line (the line opens with it: "06:26 …", "At 04:23, …";
  or it stands in a clause of *when*: "…06:26…时，", "When … at 06:26, …") dates every later
  clause that gives no time of its own and no word of time order ("after", "then", 之后, 后, 随后).
  Such a clause traced to a dated item must be traced to one holding that time (to the precision
  written: ``06:26`` holds for ``06:26:12``); an item with no time is not judged. "X at 06:07 and
  Y at 06:26" dates each clause itself and is traced clause by clause as before.
- **a denied attempt**: a negator before a verb of attempt ("did not attempt to renew", "never
  tried to restart", "没有尝试续期") denies that the event was tried at all; a line that reports the
  event, done or failing ("renewal failed", "renewed"), contradicts it. A denial of the event
  itself ("did not renew") is judged as before (``app.domain.alignment``): a failure is no success.

The verbs of attempt are a closed class (attempt, try, seek; 尝试, 试图, 设法), as the negators are;
nothing here lists the words of an event, only the line's own.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter
from collections.abc import Sequence

from app.domain import alignment, chronology, excepted, slots, specific
from app.domain.text import canonical

_CLOCK = re.compile(r"(?<![\d:.])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])")
_OPENS = re.compile(r"^\W*(?:(?:at|by|around|about)\s+|在\s*|于\s*|约\s*)?(?:\d{4}-\d{2}-\d{2}[T ]?)?\d{1,2}:\d{2}",
                    re.IGNORECASE)
"""A line that opens with a time ("06:26 …", "At 04:23, …", "在 06:26"): the time of all it says."""
_WHEN = re.compile(r"(?i)^\W*(?:(?:when|while|as\s+of|at\s+the\s+time)\b|截至|截止)|(?:时|的时候|期间|之际|为止)\W*$")
"""A clause of *when* ("When X, …", "As of 02:00, …", "X 时，…", "截至 02:00，…", "到 02:00 为止"): its
time is the time of the clauses after it."""
_ORDER = re.compile(r"(?i)(?<![\w-])(?:after|before|then|later|afterwards|subsequently|following|earlier|since|until)"
                    r"(?![\w-])|之后|以后|之前|以前|然后|随后|接着|后来|[后前]")
"""Words of time order: a clause holding one moves off the line's time, to a time of its own."""
ATTEMPT_EN = frozenset("attempt attempted attempting try tried trying seek sought".split())
ATTEMPT_ZH = ("尝试", "试图", "设法", "试着")
"""The verbs of attempt: denied, they deny that the event was tried at all."""
REACH = 2
"""A verb of attempt is denied among this many content words after its negator (an adverb between:
"never even tried")."""


def clock(text: str) -> tuple[int, int, int | None] | None:
    """The first clock time of ``text`` (hour, minute, second or None), or None."""
    m = _CLOCK.search(canonical(text))
    return None if m is None else (int(m.group(1)), int(m.group(2)), None if m.group(3) is None else int(m.group(3)))


def _holds_time(item: str, when: tuple[int, int, int | None]) -> bool:
    """Whether ``item`` is dated at ``when``, to the precision it is written (None: no time)."""
    h, m, s = when
    return any(t.hour == h and t.minute == m and (s is None or t.second == s) for t in chronology.times(item))


def _with_joints(line: str, clauses: Sequence[str]) -> list[str]:
    """Each clause with the words that join it to the clause before (the cut drops them: "之后",
    "then"), read from ``line``; a clause not found in it as it is."""
    text, out, pos = canonical(line), [], 0
    for clause in clauses:
        at = text.find(canonical(clause).strip(), pos)
        if at < 0:
            out.append(clause)
            continue
        end = at + len(canonical(clause).strip())
        out.append(text[pos:end])
        pos = end
    return out


def misdated(line: str, clauses: Sequence[str], held: Sequence[Sequence[int]], items: Sequence[str]) -> str | None:
    """The first clause of ``line`` that a time of the line dates (see the module) and that is
    traced only to dated items at another time (``held``: the indices into ``items`` of the items
    each clause may be traced to; empty for none); None when every clause may be at its line's
    time."""
    when = clock(clauses[0]) if clauses and _OPENS.search(canonical(line)) else None
    for k, (clause, i) in enumerate(zip(_with_joints(line, clauses), held, strict=True)):
        own = clock(clause)
        if own is not None:  # a clause of its own time: the line's time only if it is a clause of when
            one = len(_CLOCK.findall(canonical(clause))) == 1  # a span ("07:02 到 07:20 之间") dates no single time
            when = own if one and (k == 0 and when is not None or _WHEN.search(canonical(clause))) else None
            continue
        if _ORDER.search(canonical(clause)):
            when = None
            continue
        if when is not None and i and all(chronology.times(items[j]) and not _holds_time(items[j], when) for j in i):
            return clauses[k]
    return None


MIN_SERIES = 0.5
"""Two dated lines of one writer sharing at least this share of the shorter's words (numbers and
times aside) are two readings of one series: the same report at two times."""


def _shape(item: str) -> frozenset[str]:
    """The words of an item that a reading keeps from one time to the next: no number, time or
    filler, no word of its writer."""
    ws = alignment.words(item)
    writer = alignment.writer(item)
    return frozenset(w.key for k, w in enumerate(ws) if not alignment.filler(w, ws[k - 1] if k else None)
                     and not any(ch.isdigit() for ch in w.text) or alignment.name(w)) - writer


def readings(a: str, b: str) -> bool:
    """Whether items ``a`` and ``b`` are two readings of one series: one writer, two times, and the
    same words but for their values (``MIN_SERIES``): "probe-ams: TLS handshake … failed 12 of 12"
    at 04:03 and "… succeeded 12 of 12, p95 latency 180 ms" at 04:23."""
    ta, tb = chronology.time_of(a), chronology.time_of(b)
    wa, wb = alignment.writer(a), alignment.writer(b)
    if ta is None or tb is None or ta == tb or not wa or wa != wb:
        return False
    sa, sb = _shape(a), _shape(b)
    return bool(sa and sb) and len(sa & sb) >= MIN_SERIES * min(len(sa), len(sb)) and not _renamed(a, b)


def _renamed(a: str, b: str) -> bool:
    """Whether ``b`` puts one name where ``a`` has another, one for one ("disk full on store-a1" /
    "… store-b2"): the same report of two things, not two readings of one."""
    wa, wb = alignment.words(a), alignment.words(b)
    return any(tag == "replace" and i2 - i1 == 1 and j2 - j1 == 1 and alignment.name(wa[i1]) and alignment.name(wb[j1])
               for tag, i1, i2, j1, j2 in alignment.ops(wa, wb))


def mixed(line: str, clauses: Sequence[str], held: Sequence[Sequence[int]], items: Sequence[str]) -> str | None:
    """The first clause traced only to readings of a series right after a clause traced only to
    other readings of it, with no time and no word of time order of its own to tell them apart: the
    line gives what one reading says as the other's ("probe-ams TLS handshakes failed 12 of 12
    attempts, p95 latency 180 ms"); None when there is none."""
    last: Sequence[int] = ()
    for k, (clause, now) in enumerate(zip(_with_joints(line, clauses), held, strict=True)):
        dated = clock(clause) is not None or _ORDER.search(canonical(clause)) is not None
        if not now:
            continue
        if last and not dated and not set(last) & set(now) \
                and all(readings(items[a], items[b]) for a in last for b in now):
            return clauses[k]
        last = now
    return None


def unbound(line: str, clauses: Sequence[str], held: Sequence[Sequence[int]], items: Sequence[str]) -> str | None:
    """Why a line traced clause by clause (``held``: the items each clause may be traced to, the
    events it may be about; empty for none) puts what one item says on another's event
    (``misdated``, ``mixed``); None when each clause may stay with its event."""
    stray = misdated(line, clauses, held, items)
    if stray is not None:
        return f"dates {stray.strip(' ,，;；')[:80]!r} at a time its item does not give"
    stray = mixed(line, clauses, held, items)
    if stray is not None:
        return f"gives {stray.strip(' ,，;；')[:80]!r}, another reading of the series, as the same one's"
    return None


def state_elsewhere(line: str, item: str, others: Sequence[str]) -> bool:
    """Whether ``line`` gives the state of a named thing (a ticket's, an incident's, an alert's, a
    job's run: a class of ``app.domain.slots`` answered only where its thing is named) that ``item``
    names no state of and another item gives: the state of another event ("incident PD-88213 …
    was resolved" where its line gives no state and another incident's says resolved). A direction
    or an outcome of any event (rose, failed) is a common paraphrase of a value and is judged only
    against its item's own (``slots.other_value``). Of a dated item, another item states a state
    only where it is dated too: an undated text (a runbook's "do not add read replicas") tells what
    to do, not the state of any thing."""
    dated = chronology.time_of(item) is not None
    theirs = [slots.answered(o) for o in others if not dated or chronology.time_of(o) is not None]
    for k, (cls, mine, own) in enumerate(zip(slots.CLASSES, slots.answered(line), slots.answered(item), strict=True)):
        if cls.about and mine and not own and any(mine & t[k] for t in theirs):
            return True
    return False


_NUMBER = re.compile(r"(?<![\w.:/,-])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w.:/-]|[.,]\d)")
"""A number as written, whole (``250,000,000``, ``1.2``); not a piece of a time, a version or a name."""


def repeats_held(line: str, item: str) -> bool:
    """Whether ``item`` gives every number ``line`` gives more than once as many times: "40 of 40
    available" is two values, and "0 of 40 available" holds one of them (the other is its 0)."""
    mine = Counter(_NUMBER.findall(canonical(line)))
    theirs = Counter(_NUMBER.findall(canonical(item)))
    return all(theirs[v] >= n for v, n in mine.items() if n > 1)


def _attempted(ws: Sequence[alignment.Word]) -> list[str]:
    """The events a line denies were tried: what follows a verb of attempt among the first
    ``REACH`` content words after a predicate negator ("did not attempt **to renew**", "never even
    tried **renewing**", "没有尝试**续期**"): the first content word in English, the run of Chinese
    after it."""
    out = []
    for i, w in enumerate(ws):
        if alignment.negation(w, ws[i - 1] if i else None) != "neg":
            continue
        after = ws[i + 1:i + 1 + alignment.MAX_SLOT]
        content = [k for k, x in enumerate(after) if not alignment.filler(x, ws[i + k])]
        for k in content[:REACH]:
            head = after[k].text
            verb = next((v for v in ATTEMPT_ZH if after[k].cjk and head.startswith(v)), None)
            if verb is not None:
                run = head[len(verb):] + "".join(x.text for x in itertools.takewhile(lambda x: x.cjk, after[k + 1:]))
                out += [run] if len(run) >= 2 else []
                break
            if head in ATTEMPT_EN:
                rest = [after[j] for j in content if j > k]
                out += [rest[0].key] if rest and not alignment.name(rest[0]) else []
                break
    return out


def denies_attempt(line: str, source: str) -> bool:
    """Whether ``line`` denies that an event was tried which ``source`` reports, done or failing
    ("did not attempt to renew" against "renewal failed"): the event's word in the source (an
    English word whose key begins with the event's, ``renew`` in ``renewal``; the Chinese run's
    first two characters or more, 续期 of 续期证书)."""
    text = canonical(source).casefold()
    keys = [w.key for w in alignment.words(source) if not w.cjk]
    return any(any(e[:n] in text for n in range(len(e), 1, -1)) if not e.isascii()
               else any(k.startswith(e) for k in keys if len(e) >= 4 or k == e)
               for e in _attempted(alignment.words(line)))


def attempt_reported(line: str, sources: Sequence[str]) -> str | None:
    """The first of ``sources`` that reports, done or failing, an event ``line`` denies was tried,
    and holds every specific token of ``line`` (the thing it is about: ``cert-manager``,
    ``api-tls``); None when there is none, or ``line`` denies no attempt."""
    if not _attempted(alignment.words(line)):
        return None
    tokens = specific.specific_tokens(line)
    return next((src for src in sources if denies_attempt(line, src)
                 and all(specific.occurs(t, specific.prepared(src)) for t in tokens)), None)


_SEGMENT = re.compile(r"(?<!\d),|,(?!\d)|[;()\[\]，；（）。【】]|\s-\s")
"""What ends the stretch a name holds its values in: a comma (not inside a number: 2,450), a
semicolon, a bracket, a dash
("dns-res-2 SERVFAIL rate 38.4% (dns-res-1 0.2%)": the 0.2% is dns-res-1's)."""


def owned(text: str) -> list[tuple[str, str, tuple[bool, str], frozenset[str]]]:
    """``(value, owner, owner's form, names of its stretch)``: each number of ``text`` (no time)
    after one name alone in its stretch (``_SEGMENT``), the thing the number is said of. After two
    ("参数 dispatch.batch.size 被 zhao.min 从 200 调到 2000": a thing and who changed it) the number
    is said of neither for certain, and is not judged here."""
    out = []
    for seg in _SEGMENT.split(canonical(text)):
        ws = alignment.words(seg)
        names = frozenset(w.key for w in ws if alignment.name(w))
        before: list[alignment.Word] = []
        for w in ws:
            if alignment.name(w):
                before += [w] if w.key not in {b.key for b in before} else []
            elif len(before) == 1 and not w.cjk and specific.is_number(w.text):
                out.append((w.key, before[0].key, alignment.form(before[0]), names))
    return out


_LABEL = re.compile(r"(?:^|\s)([^\s:;；]+):(?:\s+|(?=[\u4e00-\u9fff]))([^;；]*)")
"""A name set as a label ("cp-a1: await 0.9 ms, util 5.3%; cp-a3: …", "ch-02：待合并 parts 数 287，…",
Chinese writing no space after its colon) and the part it leads, up to the semicolon: every value
of the part is said of the label, over the commas between."""


def _one_name(seg: str, owner: alignment.Word | None = None) -> list[tuple[str, str, tuple[bool, str], frozenset[str]]]:
    """``(value, owner, owner's form, {owner})`` for each number of ``seg`` (no time) when ``seg``
    names ``owner`` only (or, without one, exactly one name, before or after the number)."""
    ws = alignment.words(seg)
    named = {w.key: w for w in ws
             if alignment.name(w) and (owner is None or alignment.form(w) == alignment.form(owner))}
    named |= {owner.key: owner} if owner else {}
    if len(named) != 1:
        return []
    [(key, w)] = named.items()
    return [(v.key, key, alignment.form(w), frozenset(named)) for v in ws if not v.cjk and specific.is_number(v.text)]


def _labelled(text: str) -> list[tuple[str, str, tuple[bool, str], frozenset[str]]]:
    """The values of ``text`` each label (``_LABEL``) holds in the part it leads."""
    out = []
    for m in _LABEL.finditer(canonical(text)):
        label = alignment.words(m.group(1))
        if len(label) == 1 and alignment.name(label[0]):
            out += _one_name(m.group(2), label[0])
    return out


def _beside(text: str) -> set[tuple[str, str]]:
    """``(value, name)``: each number of ``text`` (no time) with each name of its stretch, however
    many the stretch names."""
    out = set()
    for seg in _SEGMENT.split(canonical(text)):
        ws = alignment.words(seg)
        names = {w.key for w in ws if alignment.name(w)}
        out |= {(w.key, n) for w in ws if not w.cjk and specific.is_number(w.text) for n in names}
    return out


_CLAUSE = re.compile(rf"{_SEGMENT.pattern}|\s(?:and|while|whereas|but)\s|而|但")
"""A line's stretches, cut also where it joins two clauses ("-s 1200 lost 0% and -s 1500 lost 100%")."""


def _numbers(seg: str) -> set[str]:
    return {w.key for w in alignment.words(seg) if not w.cjk and specific.is_number(w.text)}


def _kept_apart(value: str, line: str, item: str) -> bool:
    """Whether ``line`` puts ``value`` in a stretch with another number that ``item`` keeps in
    stretches without it ("-s 1448 lost 0%" of "-s 1372 0% loss; -s 1448 100% loss"): the value is
    then said of the other number's thing, whatever names the item's stretch holds beside it."""
    held = [_numbers(seg) for seg in _SEGMENT.split(canonical(item))]
    for seg in _CLAUSE.split(canonical(line)):
        nums = _numbers(seg)
        if value in nums and any(any(o in h for h in held) and not any({value, o} <= h for h in held)
                                 for o in nums - {value}):
            return True
    return False


def moved_value(line: str, item: str) -> str | None:
    """The value ``line`` says of one name that ``item`` says of another of the same form, each
    stretch naming only its own ("dns-res-1 had a SERVFAIL rate of 38.4%" against "dns-res-2
    SERVFAIL rate 38.4% … (dns-res-1 0.2%)"), while ``item`` names the line's elsewhere. Each token
    is in the item, so the line is one event only if its values stay with their names; None when
    they do (or the item ties the value to no name of that form). The item ties a value to a name
    in its stretch or in the part the name labels (``_labelled``); the line, to the one name of
    its stretch, before or after the value ("util 6.0% on cp-a1")."""
    theirs = _tied(item)
    held = {w.key for w in alignment.words(item) if alignment.name(w)}
    alone = [o for seg in _SEGMENT.split(canonical(line)) for o in _one_name(seg)]
    beside = _beside(item)
    for value, owner, form, mine in owned(line) + alone + _of_form(line, {f for _, _, f, _ in theirs}):
        if (value, owner) in beside and not _kept_apart(value, line, item):
            continue  # the item also says it in a stretch naming the line's name ("lb-01: … maxconn 4000")
        given = [(o, f, names) for v, o, f, names in theirs if v == value and f == form]  # a p99 is no host
        if given and owner in held and all(f == form and o != owner and owner not in names and o not in mine
                                           for o, f, names in given):
            return value
    return None


@functools.lru_cache(maxsize=4096)
def _tied(item: str) -> tuple[tuple[str, str, tuple[bool, str], frozenset[str]], ...]:
    """The values ``item`` ties to a name: alone in its stretch, in the part it labels, or the one
    of a series' form in its stretch (``_of_form``)."""
    theirs = owned(item) + _labelled(item)
    return tuple(theirs + _of_form(item, {f for _, _, f, _ in theirs}, before=True))


tied = _tied
"""The values an item ties to a name (``app.domain.unowned``)."""


def _of_form(text: str, forms: set[tuple[bool, str]], before: bool = False,
             ) -> list[tuple[str, str, tuple[bool, str], frozenset[str]]]:
    """``(value, owner, owner's form, names of its stretch)`` for each number of ``text`` whose
    stretch names one name alone of one of ``forms`` (the forms of the names an item ties values
    to), before it where ``before``: a series of names of one form, each with its value, read
    through the other names a stretch holds. "checkout-api web-3: **p50** latency 41 ms, p95 180
    ms" ties 41 to p50 as 180 to p95; "checkout-api's **p99** latency on web-3 was 41 ms" gives
    41 to p99."""
    out = []
    for seg in _SEGMENT.split(canonical(text)):
        ws = alignment.words(seg)
        names = frozenset(w.key for w in ws if alignment.name(w))
        for k, v in enumerate(ws):
            if v.cjk or not specific.is_number(v.text):
                continue
            near = ws[:k] if before else ws
            for form in forms:
                alike = {w.key for w in near if alignment.name(w) and alignment.form(w) == form}
                out += [(v.key, alike.pop(), form, names)] if len(alike) == 1 else []
    return out


def _described(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The keys of what ``text`` says (its content words that are no name and no number) and of
    the names it gives."""
    ws = alignment.words(text)
    content = [w for k, w in enumerate(ws) if not alignment.filler(w, ws[k - 1] if k else None)]
    return (frozenset(w.key for w in content if not alignment.name(w) and not specific.is_number(w.text)),
            frozenset(w.key for w in content if alignment.name(w)))


def event_elsewhere(line: str, item: str, others: Sequence[str]) -> str | None:
    """The name ``line`` moves onto another item's event: ``item`` (the line's trace) lacks words
    the line says of the event, and another item holds them with all ``item`` holds of them, and
    every name of the line but one, where it gives another (in its place, ``alignment.placed``, or
    another of its series, ``_sibling``). The line is
    about that item's event ("a.lindqvist took the heap dump on ledger-svc-1", traced by most of its
    words to an alert on ledger-svc-1 that notified a.lindqvist, where the line of the dump names
    ledger-svc-2): a claim is traced to the line holding all it says, not the one sharing most.
    None when ``item`` holds all the line says, or no other item is the event."""
    said, named = _described(line)
    held, _ = _described(item)
    if not said - held:
        return None
    for other in others:
        theirs, their_names = _described(other)
        moved = named - their_names
        if not (said & held < said & theirs) or len(moved) != 1:
            continue
        name = next(iter(moved))
        if any(mine.casefold() == name and alignment.name(alignment.words(put)[0]) and put.casefold() not in named
               for mine, put in alignment.placed(line, other)) or any(_sibling(name, n) for n in their_names - named):
            return name
    return None


def _sibling(a: str, b: str) -> bool:
    """Whether two names are one series' members, alike but for their numbers (``ledger-svc-1``
    and ``ledger-svc-2``, ``node-w-12`` and ``node-w-14``)."""
    return a != b and any(ch.isdigit() for ch in a) and re.sub(r"\d+", "#", a) == re.sub(r"\d+", "#", b)


INDICATE_EN = ("point", "show", "indicat", "reveal", "implicat", "identif", "suggest", "blam", "flag", "mention",
               "report", "contain", "includ", "name", "list", "find", "found")
INDICATE_ZH = ("指向", "显示", "表明", "说明", "揭示", "发现", "提到", "提及", "涉及", "包含", "包括", "报告", "指出")
"""The verbs of indication (a closed class, as the verbs of attempt are: English by the start of
their key, Chinese as written): what a record says it found ("the dump points at X", "日志显示 X")."""


def _indicated(line: str) -> list[str]:
    """The specific tokens ``line`` denies were indicated: those after a verb of indication among
    the first ``REACH`` content words after a predicate negator ("did not **point** at AuditCache",
    "堆转储没有**指向** AuditCache")."""
    ws = alignment.words(line)
    for i, w in enumerate(ws):
        if alignment.negation(w, ws[i - 1] if i else None) != "neg":
            continue
        after = ws[i + 1:i + 1 + alignment.MAX_SLOT]
        content = [k for k, x in enumerate(after) if not alignment.filler(x, ws[i + k])][:REACH]
        for k in content:
            x = after[k]
            if (x.cjk and any(x.text.startswith(v) or v in x.text for v in INDICATE_ZH)) \
                    or (not x.cjk and x.key.startswith(INDICATE_EN)):
                rest = " ".join(y.text for y in ws[i + 1 + k + 1:])
                return specific.specific_tokens(rest)
    return []


def denies_indication(line: str, source: str) -> bool:
    """Whether ``line`` denies that a record indicated a thing ``source`` names as found ("the heap
    dump did not point at AuditCache" against "top retainer …AuditCache"): a thing the source names
    in a part with no negator or word of exception of its own (``app.domain.excepted``), so the
    source gives it, not its absence. A denial of a thing the source does not name is judged by
    its tokens as before; a denial of another verb ("did not reach ledger-svc-2") is not one of
    indication."""
    hay = specific.prepared(source)
    return any(specific.occurs(t, hay) and not excepted.marked_at(source, t) for t in _indicated(line))
