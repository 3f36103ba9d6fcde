"""Provenance: every line the user reads is traced to one allowed material item, or it says nothing.

A line (a finding, an action, a gap, a sentence of the Composer's text) is *traced* to an item
when the item holds every specific token of the line (``app.domain.specific``) and at least
``MIN_TRACE`` of the line's subject terms (words compared without their endings, so "rotated" is
"rotation"'s kin only when they share a stem), when no clause of it says what the item does not
touch at all ("…91%, so the retention job stopped"), when it puts no word where the item has
a name (``falcon`` where the item says ``orders-db``: ``app.domain.alignment``), when it gives
no cause the other way round from the item (``app.domain.causality``), and when it gives for a
slot of a closed class (a severity, the direction of a change) no other value than the item
gives, and puts in none of the item's places a word of another item (``app.domain.slots``). A fixed template
phrase is traced to itself; a line with neither a specific token nor a subject term says nothing
and needs no trace. A line that joins two items ("X, and Y") is traced clause by clause; joined by
a cause or a condition ("X because Y", "X, so Y", "if X, Y"), only where one of them may be given
as a cause (a confirmed root-cause claim): a link no item gives is the line's own; joined by a word of time order ("X
after Y"), only in the order the items' times give (``app.domain.chronology``). Nothing
else is: no list of forbidden words, only what the material holds.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence

from pydantic import BaseModel, ConfigDict

from app.domain import (
    after_state,
    alignment,
    anchored,
    apart,
    apposition,
    assigned,
    awaited,
    binding,
    bridged,
    causality,
    change_start,
    chronology,
    cited,
    clause_count,
    common,
    compared_difference,
    compared_target,
    compared_things,
    comparison,
    compounds,
    contrast,
    corrected,
    counted_none,
    crossed,
    dated_events,
    dated_parts,
    dated_words,
    denial,
    denied_apart,
    denied_failure,
    denied_key,
    denied_part,
    denied_thing,
    denied_value,
    derived,
    direction,
    elided,
    endpoints,
    excepted,
    exchanged,
    exclusive,
    extent,
    fates,
    filled,
    forbidden,
    fromto,
    fused_negation,
    guessed_cause,
    headed,
    held_for,
    kept_apart,
    keyed,
    kinds,
    list_cut,
    listed_counts,
    lists,
    measures,
    modal,
    modifiers,
    names,
    nothing,
    outcome,
    paired,
    parallel,
    part_agent,
    part_names,
    part_state,
    part_value,
    passive,
    persistence,
    places,
    postposition,
    prepositions,
    prior_value,
    qualified,
    rates,
    readings,
    removal,
    respective,
    resultative,
    scoped,
    scopes,
    set_apart,
    shares,
    signed,
    silent_denial,
    slots,
    sourced,
    specific,
    spelled,
    statistic_share,
    steps,
    unowned,
    whole,
    windows,
    worded_figure,
    writer,
    zh,
)
from app.domain.evidence import joined_parts, stem, subject_terms, told
from app.domain.lines import Lines
from app.domain.text import canonical, normalise
from app.domain.vocabulary import asserts_cause, cause_named, hedged, unhedged

MIN_TRACE = 0.5
"""At least half of a line's subject terms must be its item's: a restatement, not a new claim
about the same host."""
MIN_COVER = 0.5
"""An answer carries a confirmed finding when it holds half of the finding's subject terms and
every identifier of it."""

_CLAUSE = re.compile(r"[，、；：]|(?<!\d)[,;]|[,;](?!\d)"  # not inside a value: 03:07, 1,342
                     r"|(?<![A-Za-z\d]):|:(?![A-Za-z\d])"  # nor inside a name: kms:Decrypt, s3:PutObject
                     r"|\s(?:and|but|so|while|whereas|against|versus|vs\.?|which|then|thus|hence|therefore|because|since|"
                     r"after|before|if|unless|"
                     r"as\s+a\s+result\s+of|due\s+to|caused\s+by|led\s+to|leading\s+to)\s"
                     r"|\s(?:until|till)\s(?=[^\W\d_])|到(?=\s?\d{1,2}:\d{2}(?::\d{2})?\s*[^\s\d:,，。;；])|并且|而且|但是|因此|所以|因为|由于|"
                     r"导致|从而|进而|于是|之后|以后|之前|以前|然后|随后|接着|如果|假如|假若|一旦|只要|要是|除非")
MIN_CLAUSE_TERMS = 2
"""A clause of at least this many subject terms, none of them its item's, says something new."""
MIN_PREDICATE_TERMS = 3
"""A clause that is names and at least this many terms none of them its item's gives them a
predicate of its own ("仍在正常训练", "were still training normally"); fewer are its grammar ("仍处于",
"上执行")."""
_CONSEQUENCE = re.compile(r"(?i)\b(?:so|thus|hence|therefore|which\s+is\s+why|that\s+is\s+why|as\s+a\s+result|"
                          r"as\s+a\s+consequence|accordingly|in\s+turn|"
                          r"consequently|(?:which|this|that)\s+(?:made|makes|make))\b|从而|进而|于是|因此|所以|以致|以至于"
                          r"|随之|因而|由此|这(?:就|也)?(?:使得|使|让|令)")
"""Words that join a consequence to a fact ("X, so Y"): a relation asserted without a cause marker;
an adverb pointing back at the fact as what brought the next about ("…，Y 随之回落", "…, and Y in
turn dropped"); a pronoun pointing back with a causative verb ("…, which made Y expire", "…，这使得 Y")
too."""
_REMAINDER = re.compile(r"[,，]\s*(?:剩下|剩余|还剩)")
"""A clause opened by a remainder's word ("…，剩下 180 个失败"): what is left of the clause before it,
as "leaving" tells it."""
_CONDITION = re.compile(r"(?i)(?<![\w-])(?:if|unless|whenever|in\s+case)(?![\w-])"
                        r"|(?:^|[.;!?。；])\s*(?:had|were|should)\s+(?!to\b)\w"
                        r"|如果|假如|假若|若(?!干)|一旦|只要|要是|要不是|除非")
"""Words that make one fact the condition of another ("if X, Y", "如果X，Y"): a link between them,
as a cause is. A statement opened by an auxiliary is a condition told by inversion ("Had X been
back by its ETA, Y would not have …", "Were X …": not "had to"), as 要不是 ("but for") is one in
Chinese: the outcome it joins is one no line gives."""
_SENTENCE = re.compile(r"(?<=[.!?])\s+|[\n。！？；;]+")
_CLOCK = re.compile(r"\d{1,2}:\d{2}")
_BULLET = re.compile(r"^\s*(?:[-*•·]|\d+[.)])\s+")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_CJK_RUN = re.compile(r"([\u3400-\u9fff\uf900-\ufaff]+)")
JOINING = frozenset("与 因".split())
_ARTICLES = frozenset("the a an".split())
"""The articles that open a noun phrase of a clause's own (not "its", which points back)."""
"""The prepositions that join a second party or a cause as a conjunction does."""
_PROPER = re.compile(r"\s*([A-Z][a-z]+)(?![\w.:/-])")
"""A word with one capital opening a clause after the first: a proper noun where no sentence begins."""


def _denies(text: str) -> bool:
    """Whether ``text`` denies anything ("no real compute", "没有实际计算")."""
    ws = alignment.words(text)
    return any(alignment.negation(w, ws[k - 1] if k else None) == "neg" for k, w in enumerate(ws))


_family = part_names.family


def _subject_list(member: alignment.Word, clauses: Sequence[str]) -> str | None:
    """The first of ``clauses`` that is more than one name, with ``member`` in place of its first
    word, where that word is a name of ``member``'s form (the list "A, B and C were …" cut into "A",
    "B", "C were …"); else None."""
    for clause in clauses:
        ws = [w for w in alignment.words(clause) if not alignment.filler(w, None)]
        if not ws or not alignment.name(ws[0]) or alignment.form(ws[0]) != alignment.form(member):
            return None
        if len(ws) > 1:
            text = canonical(clause)
            spot = re.search(rf"(?i)(?<![\w.-]){re.escape(ws[0].text)}(?![\w-])", text)
            return None if spot is None else text[:spot.start()] + member.text + text[spot.end():]
    return None


def _opens_with_value(clauses: Sequence[str]) -> bool:
    """Whether the clause given opens with a number: the name cut off before it is its subject
    ("ch-01 只有 0.4 秒", cut at 只有), no member of a list."""
    ws = [w for c in clauses for w in alignment.words(c) if not alignment.filler(w, None)]
    return bool(ws) and specific.is_number(ws[0].text)


_CLOCK = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])")


def _spans(first: str, last: str, item: str, durations: Sequence[str]) -> bool:
    """Whether ``item`` writes the time ``first`` is read at, then the time ``last`` is (the two
    readings of a line spanning them: ``bounds``), as a span of its own ("… between 08:05:31 and
    08:06:58"), and each of ``durations`` is the interval between them, exactly or within its
    rounding after a hedge ("roughly 18.5 minutes, from 03:12:31 to 03:31:00"): one item's two times,
    in its order."""
    at_first, at_last = set(_CLOCK.findall(first)), set(_CLOCK.findall(last))
    a, b = at_first - at_last, at_last - at_first
    if len(a) != 1 or len(b) != 1 or not durations:
        return False
    start, end = a.pop(), b.pop()
    at = [[m.start() for m in re.finditer(rf"(?<![\d:]){re.escape(t)}(?!\d)", item)] for t in (start, end)]
    span = _clock(end) - _clock(start)
    return bool(at[0]) and bool(at[1]) and min(at[0]) < max(at[1]) and \
        all(chronology.gives(specific.prepared(t), span) for t in durations)


def _clock(time: str) -> int:
    """A time of day (``08:05:31``, ``08:05``) in seconds since midnight."""
    h, m, *sec = (int(x) for x in time.split(":"))
    return h * 3600 + m * 60 + (sec[0] if sec else 0)


class Untraced(BaseModel):
    """A line that no item holds, and why (frozen: one answer serves every asking, ``Items``)."""

    model_config = ConfigDict(frozen=True)

    line: str
    reason: str
    named: str = ""
    """The first specific token of the line that no item holds (empty: it says what no item says)."""


_AT_CLOCK = re.compile(r"(\d{1,2}:\d{2}(?::\d{2})?)\s?时(?=(?P<next>[\u4e00-\u9fff])?)")
"""时 standing after a clock time ("10:02 时 41.2%"): that time's "at", an English stopword's part."""


def _at_clock(text: str) -> str:
    """``text`` without the 时 that stands after a clock time as its "at": before no ideograph, or
    before a word of grammar written on to it ("11:07:10 时为 3.1%": 时 and 为, not a word 时为); 时 that
    begins a word of its own (时长, 时间) stays."""
    return _AT_CLOCK.sub(lambda m: f"{m.group(1)} " if m.group("next") is None or zh.function_word(m.group("next"))
                         else m.group(0), text)


def stems(text: str) -> set[str]:
    """Subject terms without their English endings (CJK bigrams as they are). A text of values and
    Chinese words of grammar standing alone ("比 09:30 的 4.2 ms", what a held comparison leaves) has
    none, as one of values and English stopwords has none ("at 04:47:31"); 时 after a clock time
    ("10:02 时 41.2%", at 10:02) is that time's "at", no term."""
    terms = subject_terms(_at_clock(text))
    return {stem(t) for t in terms} if any(len(t) > 1 or not zh.function_word(t) for t in terms) else set()


_TIME = r"\d{1,2}:\d{2}(?::\d{2})?"
_SPAN = re.compile(rf"(?i)(?<![\w-])(?:from|between)\s+(?P<a>{_TIME})\s+(?:to|until|till|and)\s+(?P<b>{_TIME})"
                   rf"|从\s?(?P<c>{_TIME}|[\u4e00-\u9fff]{{1,4}})\s?(?:到|至)\s?(?P<d>{_TIME}|[\u4e00-\u9fff]{{1,4}}?)"
                   rf"(?=[\s，,；;]|$|历时|用时|共|持续|花了|用了|耗时)")
"""Two times a clause spans: "from 16:15:02 to 16:21:40", "从 06:44:36 到 06:49:02", or in Chinese
two events ("从触发到恢复", the times of the lines saying them)."""


def bounds(line: str) -> tuple[str, str] | None:
    """``line`` read at each of the two times it spans ("the rollback ran from 16:15:02 to
    16:21:40": "the rollback ran at 16:15:02", "… at 16:21:40"), for a line giving the interval
    between them: what it says is at its start and at its end, each an item's (``Items._bounded``).
    None when it spans none."""
    m = _SPAN.search(line)
    if m is None:
        return None
    at = ("at {}", "at {}") if m.group("a") else ("{}", "{}")
    times = (m.group("a"), m.group("b")) if m.group("a") else (m.group("c"), m.group("d"))
    read = [line[:m.start()] + " " + form.format(t) + " " + line[m.end():] for form, t in zip(at, times, strict=True)]
    return read[0], read[1]


def split(line: str) -> list[str]:
    """The clauses of ``line``: cut at punctuation and at the conjunctions (English by word,
    Chinese by the tagger's part of speech: 和, 而, 并, 因 "because of")."""
    return list(_split(line))


@functools.lru_cache(maxsize=16_384)
def _split(line: str) -> tuple[str, ...]:
    return tuple(c for part in _CLAUSE.split(line) if part.strip() for c in _zh_clauses(part))


def _zh_clauses(text: str) -> list[str]:
    """``text`` cut at its Chinese conjunctions (tagged ``c``: 和, 而, 并, 因此) and at the
    prepositions that join a second party or a cause as a conjunction does (与 "with/and", 因
    "because of"); the joining word left out. A negator the tagger files as a conjunction (不是,
    并非: of 不是…就是) after a clause's subject denies what follows it, and stays in its clause:
    "proxy_read_timeout 不是 60" is one clause, not a name and a value each held; opening a clause
    ("B，不是 A", "而不是 A") it joins, as before, unless a value follows it (``_denies_value``). Text
    without Chinese is one clause."""
    if not _CJK.search(text):
        return [text]
    out, cur, at = [], "", 0
    for piece in _CJK_RUN.split(text):
        if not piece or not _CJK.match(piece):
            cur += piece
            at += len(piece)
            continue
        for word, _ in specific.cjk_segments(piece):
            tag = zh.tag(word)
            at += len(word)
            opens = not cur.strip() or alignment.negation(alignment.Word(word, True)) != "neg"
            if (tag == zh.CONJUNCTION and opens and not _denies_value(word, text, at)) \
                    or (tag == zh.PREPOSITION and word in JOINING):
                out.append(cur)
                cur = ""
            else:
                cur += word
    return [c for c in [*out, cur] if c.strip()]


_VALUE = re.compile(r"\s*\d")


def _denies_value(word: str, text: str, end: int) -> bool:
    """Whether ``word``, ending at ``end`` of ``text``, is a negator the tagger files as a
    conjunction (不是, 并非) right before a value: it denies the value in its clause ("5xx 不是 504"),
    so no clause is cut there. Before a name or a phrase it still parts a correction ("B，不是 A")."""
    return alignment.negation(alignment.words(word)[0]) == "neg" and _VALUE.match(text, end) is not None


def sentences(text: str) -> list[str]:
    """The lines and sentences of ``text``, bullets stripped (not the dot of logrotate.timer)."""
    out = []
    for part in _SENTENCE.split(text):
        part = _BULLET.sub("", part).strip()
        if part:
            out.append(part)
    return out


CACHED_CHARS = 4096


@functools.lru_cache(maxsize=16_384)
def _prepared(text: str) -> tuple[str, frozenset[str]]:
    """An item as tracing reads it (its searchable form and its stems): a session builds ``Items``
    several times over the same evidence lines (claims, material, actions, the Composer's check),
    so each line is prepared once."""
    return specific.prepared(text), frozenset(stems(text) | compounds.verb_stems(text))


MEMO = 4096
"""Lines traced, per set of items, remembered: a session asks of the same items about the same
lines in several stages (the claims, the material, the actions, the Composer's check)."""


class Items:
    """The allowed material items, each prepared once for tracing many lines. Two ``Items`` of the
    same items, fixed phrases and causes are equal: what one traces the other traces, and is
    remembered for both (``MEMO`` lines)."""

    def __init__(self, items: Iterable[str], fixed: Iterable[str] = (), causes: Iterable[str] | None = None) -> None:
        """``causes``: the items a line may give as the cause of another item ("X because Y", X and
        Y two items); None, any of them."""
        self.texts = [t for t in items if t.strip()]
        wanted = None if causes is None else {normalise(c) for c in causes}
        self.causes = {i for i, t in enumerate(self.texts) if wanted is None or normalise(t) in wanted}
        prepared = [_prepared(t) if len(t) <= CACHED_CHARS
                    else (specific.prepared(t), frozenset(stems(t) | compounds.verb_stems(t)))
                    for t in self.texts]
        self.hay = [h for h, _ in prepared]
        self.material = "\n".join(self.hay)
        self.stems = [st for _, st in prepared]
        self.parts = [joined_parts(t) for t in self.texts]
        self.fixed = {normalise(f).rstrip(":：") for f in fixed}
        self._key = (tuple(self.texts), frozenset(self.fixed), frozenset(self.causes))
        self._hash = hash(self._key)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Items) and self._hash == other._hash and self._key == other._key

    def trace(self, line: str) -> int | None:
        """The index of the item ``line`` is traced to (-1: a fixed phrase or says nothing)."""
        return _trace(self, line)

    def traces(self, line: str) -> tuple[int, ...]:
        """Every item ``line`` is traced to (the events it may be about), in order; (-1,) for a
        fixed phrase or a line saying nothing."""
        return _traces(self, line)

    def _traced(self, line: str) -> Iterator[int]:
        if normalise(line).rstrip(":：") in self.fixed:
            yield -1
            return
        tokens = specific.specific_tokens(line)
        own = stems(line)
        if not tokens and not own:
            yield -1
            return
        if any(w.isascii() for w in names.coined(line, self.material)):
            return  # a term in common words that no item holds names as a code does: no item holds the line
        yield from (i for i in self._holding(line, tokens, own) if self._vetoed(line, i) is None)

    def _holding(self, line: str, tokens: Sequence[str], own: set[str]) -> Iterator[int]:
        """The items holding every specific token of ``line`` and enough of its subject terms,
        adding no cause or consequence to them: those it may be traced to, before the vetoes."""
        valued = stems(" ".join(tokens))  # a value's words are its item's when it holds the value: UTC of 03:25:00Z
        for i, (hay, st) in enumerate(zip(self.hay, self.stems, strict=True)):
            st = st | told(own, self.parts[i])  # "responses with code 503" of response_code 503
            if all(specific.occurs(t, hay) for t in tokens) \
                    and (not own or len(own & (st | valued)) >= MIN_TRACE * len(own)) and not self._adds(line, i):
                yield i

    def _veto(self, line: str) -> str:
        """Why ``line`` is not traced to the first item holding its words (``_vetoed``, with the
        item), for the audit; empty when no item holds them."""
        for i in self._holding(line, specific.specific_tokens(line), stems(line)):
            why = self._vetoed(line, i)
            if why is not None:
                return f": item {i + 1} holds its words but the line {why} ({self.texts[i][:120]!r})"
        return ""

    def _vetoed(self, line: str, i: int) -> str | None:
        """Why ``line``, every word and value of which item ``i`` may hold, still says what the item
        does not (values swapped, a cause turned round, a denial, another slot value, a value or a
        state put on another name, an event of another line, a word borrowed from another item);
        None when it says what the item says."""
        text = self.texts[i]
        if alignment.swaps(line, text):
            return "swaps two of its values"
        if exchanged.exchanged(line, text) is not None:
            return "exchanges two of its names, their values left in place"
        if causality.reversed_cause(line, text):
            return "gives the cause the other way round"
        if direction.reversed_change(line, text) is not None or direction.opposite_move(line, text) \
                or direction.moved_from(line, text) is not None or compounds.turned(line, text) is not None:
            return "gives the change the other way round"
        if persistence.ends_what_goes_on(line, text):
            return "says goes on what it says ended"
        if persistence.ended_where_counted(line, text):
            return "says ended what it counts happening"
        if outcome.failed_where_ok(line, text) is not None:
            return "says failed what it says succeeded"
        if outcome.ok_where_failed(line, text) is not None:
            return "says succeeded what it says failed"
        if fates.new_end(line, text) is not None:
            return "gives a name an end (crashed, hung, killed) its item does not give it"
        if removal.new_removal(line, text) is not None:
            return "says removed (deleted, 删除) what its item tells no removal of"
        if extent.stretched(line, text) is not None or windows.window_dropped(line, text) is not None:
            return "stretches a value over a span it does not give"
        if extent.distributed(line, text) is not None:
            return "gives each member a value its item gives as their total"
        if held_for.moved_window(line, text) is not None:
            return "gives a condition's window as the span of what it set off"
        if rates.made_rate(line, text) is not None:
            return "gives as a rate a number it does not give per that time"
        if measures.other_measure(line, text) is not None \
                or statistic_share.share_of_statistic(line, text, slots.STATISTIC) is not None:
            return "gives a value the measure of another"
        if shares.as_count(line, text) is not None:
            return "gives a share as a count"
        if measures.label_moved(line, text) is not None or keyed.moved(line, text) is not None \
                or headed.moved(line, text) is not None:
            return "gives a value the label of another"
        if crossed.crossed(line, text) is not None:
            return "puts a value on the other side of its bound"
        if endpoints.end_as_size(line, text) is not None:
            return "gives the end of a change as its size"
        if comparison.changes_turned(line, text, lambda first, second: self._compared(first, second, i)):
            return "compares two changes the other way round"
        if scopes.widened(line, text):
            return "gives a value its item counts per unit as a total"
        if places.moved_to_field(line, text) is not None or places.moved_into_change(line, text) is not None:
            return "gives a value the place of another"
        if change_start.turned_end(line, text) is not None:
            return "puts where a change began at its end, or the other way"
        if denied_apart.denies(line, text) or binding.denies_attempt(line, text) \
                or binding.denies_indication(line, text) or fused_negation.denied_word(line, text) is not None \
                or denied_thing.denied(line, text) is not None \
                or denied_thing.affirmed(line, text) is not None or denied_part.denied(line, text) is not None \
                or denied_failure.denied(line, text) is not None or denied_value.denied(line, text) is not None:
            return "denies what it says"
        if silent_denial.unsaid(line, text) is not None:
            return "denies what its item does not name"
        if denied_key.denied(line, text) is not None:
            return "denies the value it gives a key"
        if assigned.other(line, text) is not None:
            return "gives a key another value than its item does"
        if counted_none.affirmed(line, text):
            return "says happened what it counts none of"
        if awaited.told_done(line, text):
            return "says done what it tells as awaited"
        if listed_counts.denied_some(line, text) is not None:
            return "denies of a name what it counts some of for it"
        if slots.other_value(line, text) is not None:
            return "gives a slot another value"
        if filled.below_full(line, text):
            return "says full what its item gives below 100%"
        if signed.dropped(line, text) is not None:
            return "gives a value without the sign its item writes it with"
        if worded_figure.unfounded(line, text, self.texts) is not None:
            return "gives a multiple in words that its values do not give"
        if not binding.repeats_held(line, text):
            return "says a value twice where it is there once"
        if binding.moved_value(line, text) is not None or part_value.moved(line, text) is not None \
                or sourced.moved(line, text) is not None:
            return "gives a value to another name"
        if clause_count.moved(line, text) is not None:
            return "gives a count the words of another count's clause"
        if unowned.dropped_owner(line, text) is not None or scoped.widened(line, text) is not None:
            return "says of the whole a value one of its names holds"
        if anchored.moved(line, text) is not None or anchored.qualifier_moved(line, text) is not None:
            return "gives a word a value its item gives another"
        if modal.predicted(line, text) is not None:
            return "says what will happen where the item does not"
        if self._untouched_clause(line, i):
            return "says in a clause of its own what the item does not touch"
        if prepositions.moved_object(line, text) is not None:
            return "gives a preposition a name its item gives another"
        if passive.turned(line, text) is not None:
            return "gives its event to the other party than the agent its item names"
        if writer.moved_writer(line, text) is not None:
            return "puts the program that wrote it on another host"
        if (why := self._named_apart(line, text)) is not None:
            return why
        if self._after_another(line, i):
            return "gives a word after an event a value that event's item gives another"
        if self._denied_elsewhere(line, i):
            return "denies what another item holding its words says"
        others = self.texts[:i] + self.texts[i + 1:]
        if cited.other_source(line, text, tuple(others)) is not None:
            return "cites a source its item is not"
        if binding.event_elsewhere(line, text, others) is not None:
            return "puts an event of another item here"
        if prior_value.turned(line, text, others) is not None:
            return "moves a value the other way from the value before it"
        if dated_events.time_of_another(line, text, others) is not None:
            return "dates an event of another item at its own item's time"
        if binding.state_elsewhere(line, text, others):
            return "puts a state of another item here"
        if apart.moved_agent(line, text, others) is not None or part_agent.moved_agent(line, text) is not None:
            return "gives its event an agent its item does not give it"
        if apart.unheld_person(line, text) is not None:
            return "names a person its item does not name"
        if slots.borrowed(line, text, self.hay[:i] + self.hay[i + 1:]) is not None:
            return "borrows a word of another item"
        if (sides := chronology.ordered(line)) is not None and all(stems(s) for s in sides) \
                and self._misordered(*sides):  # two events held whole by one of them; not "before 02:41"
            return "puts two items in the other order than their times"
        if set_apart.borrowed(line, text, others) is not None:
            return "puts a name of another item in place of its own"
        if part_names.moved_name(line, text) is not None:
            return "gives a name of one part of its item to the names of another part"
        if part_state.moved_word(line, text) is not None:
            return "gives a word of one part of its item to a name of another part"
        if parallel.moved(line, text) is not None:
            return "gives a value of one member of a parallel structure of its item to another member"
        if bridged.told_elsewhere(line, text, others, lambda reading, other: Items([other]).trace(reading) is not None):
            return "tells of its name the event another item gives a name its item joins to it, as that item does not"
        return None

    def _after_another(self, line: str, i: int) -> bool:
        """Whether ``line``, "X 后，Y" ("after X, Y"), gives in Y a word a value the item of X (another
        than ``i``; any, where ``i`` is -1) gives another value of its form (``app.domain.after_state``)."""
        clauses = split(line)
        return any(after_state.other_time(self.texts[j], then) is not None
                   for event, then in zip(clauses, clauses[1:], strict=False) if after_state.follows(event, line)
                   for j in self.traces(event) if j >= 0 and j != i)

    def _denied_elsewhere(self, line: str, i: int) -> bool:
        """Whether ``line`` denies what another item holding all its words tells, or tells what
        that item denies ("lb-edge-02 did not withdraw 10.40.8.25/32 from tor-r16a", held by the
        line announcing the route again, where another says it was withdrawn): it contradicts the
        evidence whichever item it is read against."""
        tokens = specific.specific_tokens(line)
        if not tokens or not alignment.has_negation(line):
            return False  # a clause naming nothing is held by any general text (a runbook's step)
        denied = {j for j, t in enumerate(self.texts) if j != i and alignment.denies(line, t)}
        return bool(denied) and any(j in denied for j in self._holding(line, tokens, stems(line)))

    def _compared(self, first: str, second: str, i: int) -> list[str]:
        """The items other than ``i`` that ``second``, the side a line compares ``first`` with, is
        traced to, read with the names of ``first`` ("… by less than it had been stepped forward":
        it is the first side's host)."""
        said = " ".join(w.text for w in alignment.words(first) if alignment.name(w))
        return [self.texts[j] for j in self.traces(f"{said} {second}") if j >= 0 and j != i]

    @staticmethod
    def _named_apart(line: str, text: str) -> str | None:
        """Why ``line`` gives a thing what item ``text`` says of another it names apart (a name
        excepted from the change, one of two things of one name told apart by a word, a value put at
        the time of another part of the item: "480 ms before 05:00" is cut at "before"; two names each
        given the word it gives the other); judged on
        the whole line, whether it is traced whole or clause by clause ("旧 pod ledger-2 因内存不足
        Pending" is cut at 因, and each part is in the item)."""
        if excepted.takes_exception(line, text) is not None or kept_apart.widened(line, text) is not None:
            return "gives the change to a name it sets apart"
        if qualified.crossed(line, text) is not None:
            return "says of one thing what it says of another of its name"
        if dated_parts.time_elsewhere(line, text) is not None or dated_words.word_elsewhere(line, text) is not None:
            return "dates a name, a word or a value at the time of another part of its line"
        if paired.moved_word(line, text) is not None:
            return "gives two of its names each the word it gives the other"
        return None

    def _paired_apart(self, clauses: Sequence[str], line: str) -> bool:
        """Whether every item each clause of ``line`` may be traced to gives two names of the line
        each the word the line gives the other (``app.domain.paired``): the clauses first traced to
        two items ("tor-r15a Idle" is also an earlier line's), the line read of the one they share."""
        shared = set.intersection(*(set(self.traces(c)) for c in clauses)) - {-1}
        return bool(shared) and all(paired.moved_word(line, self.texts[i]) is not None for i in shared)

    def _adds(self, line: str, i: int) -> bool:
        """Whether ``line`` joins to what item ``i`` says a cause or a consequence ("…, so Y", "X,
        which is why …", "从而") in a clause the item does not touch at all: one sharing none of its
        subject terms, with ``MIN_CLAUSE_TERMS`` of its own. (A clause that elaborates, "ENOSPC:
        the disk is full", asserts no relation and is judged with the whole line.)"""
        clauses = split(line)
        if len(clauses) < 2 or not (_CONSEQUENCE.search(line) or asserts_cause(line)):
            return False
        return any(len(own) >= MIN_CLAUSE_TERMS and not own & self.stems[i]
                   for own in (stems(unhedged(c)) for c in clauses))  # a hedge ("看来是", "likely") is wording

    def _untouched_clause(self, line: str, i: int) -> bool:
        """Whether a clause of ``line``, denying nothing, gives names of item ``i``, which denies
        something of them, a predicate in words the item does not touch ("02:14 时 gpu-a07、gpu-a09
        仍在正常训练，GPU 利用率 100%" of a line giving their 100% as spin-wait and no real compute: the
        qualifier dropped and a state of the line's own put in its place). Each clause is then traced
        on its own."""
        clauses = split(line)
        if len(clauses) < 2 or not _denies(self.texts[i]) or _denies(line):
            return False
        return any(self._predicates_anew(c, i) for c in clauses)

    def _predicates_anew(self, clause: str, i: int) -> bool:
        """Whether ``clause`` is names of item ``i`` (or none) and a predicate in words the item does not
        hold: no value, ``MIN_PREDICATE_TERMS`` or more terms beyond its names, none of them the item's,
        and no item holding the clause on its own (a clause another item tells is the line's join of
        two items, judged clause by clause as before)."""
        tokens = specific.specific_tokens(clause)
        if not all(alignment.name(alignment.Word(t, False)) for t in tokens):
            return False
        own = stems(unhedged(clause)) - stems(" ".join(tokens))
        return len(own) >= MIN_PREDICATE_TERMS and not own & self.stems[i] and not self.traces(clause)

    def untraced(self, line: str) -> Untraced | None:
        """None when ``line`` is traced (whole, or each of its clauses); else why it is not."""
        return _untraced(self, line)

    def _untraced(self, line: str) -> Untraced | None:
        guess = guessed_cause.invented(line, self.material)  # "可能是 X 的电池老化导致 …", clause by clause held
        if guess is not None:
            return Untraced(line=line[:300], reason=f"gives a cause in {guess!r}, which no item holds")
        source = cited.opening(line)  # "according to X, Y": X cited for all Y says
        if source is not None and (holders := [i for i in self.traces(source[1]) if i >= 0]) \
                and all(cited.unowned(source[0], source[1], self.texts[i], tuple(self.texts)) for i in holders):
            return Untraced(line=line[:300], reason=f"cites {source[0]!r}, a source no item holding it gives")
        if comparison.turned(line) or compared_difference.turned(line):  # "40 minutes, which exceeded … 3h"
            return Untraced(line=line[:300], reason="compares two values the other way round from their numbers")
        if compared_things.turned(line, self.texts) is not None:  # "lb-b had a higher priority than lb-a"
            return Untraced(line=line[:300], reason="compares two things the other way round from their values")
        fixed = corrected.correction(line)  # "a.nakamura, not p.reyes, rolled …": its two readings
        if fixed is not None:
            if any(corrected.says_of(fixed.name, self.texts[i], self.hay[i])
                   for i in self.traces(fixed.denied) if i >= 0):
                return Untraced(line=line[:300], reason=f"denies of {fixed.name!r} what an item says of it")
            if self.untraced(fixed.affirmed) is None:
                return None  # else judged as written
        if self.trace(line) is not None:
            return None
        if self.kind_named(line):
            return None
        full = filled.reading(line)  # "conntrack 表 15:42:20 满了": its usage of 100%, else as written
        if full is not None and self.untraced(full) is None:
            return None
        spelled_all = self._all_as_held(line)  # "都被重置" of "全部重置": its item's word
        if spelled_all != line:
            rest = self.untraced(spelled_all)
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        listed = extent.listed_all(line, specific.cjk_segments)
        if listed != line:  # "A 与 B 都…": each member named, each clause judged by its own line
            rest = self.untraced(listed)
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        times = lists.at_each_time(line)  # "OOMKilled (twice,) at 10:41:17 and 10:49:52": once at each
        if times is not None and (respective.readings(line) is None or lists.each_time(line) is not None):
            rest = next((each for t in times if (each := self.untraced(t)) is not None), None)
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        counted = lists.without_counts_after(line)  # "sda、sdb、sdd 三块盘": the list's own count
        if counted != line:
            rest = self.untraced(counted)
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        written = postposition.spelled_out(line)
        if written != line:
            rest = self.untraced(written) or self._sequenced(written)
            worked = self.intervals(line) if rest is not None else ()
            if not worked:  # "触发后 6 分 40 秒确认": an interval its 后 spelled out would hide
                return None if rest is None else rest.model_copy(update={"line": line[:300]})
        worked = worked if written != line else self.intervals(line)
        if worked:
            spanless = self.spanless(line, worked)
            ends = bounds(spanless)
            if ends is None and self.untraced(spanless) is not None:
                ends = fromto.sides(spanless)
            rest = self.untraced(spanless) if ends is None else self._bounded(*ends, worked)
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        digits = spelled.in_digits(line)  # "百分之二十三", "1 亿 8 千万", "约 6 分 20 秒": values in digits
        if digits != line:
            rest = self.untraced(digits)
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        bare = exclusive.without(line)  # "only 38 of the 60 executors": the count's own word
        if bare != line:
            rest = self.untraced(bare)
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        bare, wholes = whole.without(line, self.material)  # "all 38 partitions" of "38 of 38 partitions uploaded"
        if wholes:
            rest = self.untraced(bare) or self._not_whole(bare, wholes)
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        compares = comparison.sides(line)  # "the +412.6 s offset was more than the 300 s max skew"
        if compares is not None and self.untraced(f"{compares[0]}, {compares[1]}") is None:
            return None  # else judged as written: "…61877 messages, above 50000 messages" (comparison.satisfied)
        shown = steps.unshown(line, self.texts)  # "只有原来的 1%（50/5000）": the share's own arithmetic
        if shown != line:
            rest = self.untraced(shown)
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        figures = self.figures(line)
        if figures:
            rest = self.untraced(steps.without(line, figures, self.texts))
            if rest is not None and self.untraced(steps.without(line, figures, self.texts, apart=True)) is None:
                rest = None  # the two terms of a multiple or share, each traced to a line of its own
            rest = rest or self._result_apart(line, steps.without(line, figures, self.texts))
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        denied = denial.denial(line)
        if denied is not None:
            rest = self.untraced(denied.reading) or self._stray(denied.reading)
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        contrasted = contrast.reading(line)
        if contrasted is not None and self.trace(contrasted) is not None:
            return None  # "没有再当 leader，而是以 follower 身份": what its contrast says, in one item
        bare = apposition.without(line)
        if bare != line:
            rest = self.untraced(bare)
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        told = readings.change(line)
        if told is not None:
            rest = self._told_whole(line, told) or self.untraced(told.reading) or self._stray(told.reading) \
                or self._in_order(told.first, told.second)
            return None if rest is None else rest.model_copy(update={"line": line[:300]})
        both = respective.readings(line)
        if both is not None and self.untraced(both[0]) is None and self.untraced(both[1]) is None:
            return None  # two names, then their two values in order: each name with its own
        clauses = split(line)
        lead = lists.lead_in(line)
        held = [self._lead(c) if lead and c.strip() == lead.strip() else self.trace(c) for c in clauses] \
            if len(clauses) > 1 else [None]
        if all(h is not None for h in held):
            joined = {h for h in held if h is not None and h >= 0}
            if len(joined) == 1 and (why := self._named_apart(line, self.texts[next(iter(joined))])) is not None:
                return Untraced(line=line[:300], reason=f"clause by clause of one item, but as a whole {why}")
            if len(joined) > 1 and self._paired_apart(clauses, line):
                return Untraced(line=line[:300], reason="clause by clause of one item, but as a whole gives two of its"
                                                        " names each the word it gives the other")
            if any(counted_none.placed_in_none(line, self.texts[i]) for i in joined):  # "denied | before 08:05"
                return Untraced(line=line[:300], reason="says happened what it counts none of")
            if any(windows.window_dropped(line, self.texts[i]) for i in joined):  # "X after Y": X's window
                return Untraced(line=line[:300], reason="stretches a value over a span it does not give")
            if any(causality.reversed_cause(line, self.texts[i]) for i in joined):  # its clauses, one item
                return Untraced(line=line[:300], reason="gives the cause the other way round from the material")
            if len(joined) > 1 and not joined & self.causes and (_CONSEQUENCE.search(line) or asserts_cause(line)
                                                                   or _CONDITION.search(line)
                                                                   or resultative.result_joined(line)
                                                                   or resultative.drawn_move(line, [
                                                                       (c, self.texts[h]) for c, h in zip(
                                                                           clauses, held, strict=True)
                                                                       if h is not None and h >= 0])):
                return Untraced(line=line[:300],
                                reason="joins facts of two items by a cause or condition no item gives")
            orphan = self._borrows(clauses, held, line)
            if orphan is not None:
                return Untraced(line=line[:300], reason=f"says of {orphan!r} what its item says of another")
            if any(list_cut.cut_in_list(line, a, b) and not set(self.traces(a)) & set(self.traces(b))
                   for a, b in zip(clauses, clauses[1:], strict=False)):
                return Untraced(line=line[:300], reason="cuts one statement over a list into two items' events")
            member = self._elided(clauses)
            if member is not None:
                return Untraced(line=line[:300], reason=f"lists {member!r} where no item says it", named=member)
            sides = elided.completed(line, chronology.ordered(line), stems)  # "A went X before B": B went X
            if sides is not None and self._misordered(*sides):
                return Untraced(line=line[:300], reason="puts two items in the other order than their times")
            if sides is not None and self._ended_by(*sides):
                return Untraced(line=line[:300], reason="says goes on after an event what that event ended")
            if sides is not None and self._undated_order(*sides):
                return Untraced(line=line[:300], reason="puts in time order what no dated line gives")
            if self._after_another(line, -1):
                return Untraced(line=line[:300], reason="gives a word after an event a value that event's item"
                                                        " gives another")
            options = [self.traces(c) if h is not None and h >= 0 else () for c, h in zip(clauses, held, strict=True)]
            unbound = binding.unbound(line, clauses, options, self.texts)
            if unbound is not None:
                return Untraced(line=line[:300], reason=unbound)
            return None
        named = [t for t in specific.specific_tokens(line) if not any(specific.occurs(t, h) for h in self.hay)]
        why = f"names {named[0]!r}, which no material item holds" if named \
            else f"says what no material item says{self._veto(line)}"
        return Untraced(line=line[:300], reason=why, named=named[0][:200] if named else "")

    def _result_apart(self, line: str, bare: str) -> Untraced | None:
        """Why ``line``, as written, joins a result to a clause of another item by a participle
        or a remainder's word that is also a word of a worked-out step ("Puppet skipped the 14
        hosts, leaving 241 hosts failing", "…，剩下 241 台登录失败" of a Puppet line and an earlier
        probe line: "leaving" and 剩下 tell a difference and a consequence alike). Taking the step's
        words out with its figure must not take out the link the line asserts: each clause of
        ``bare`` (the line without them) traced to an item, two items, no cause allowed."""
        clauses = split(bare)
        if len(clauses) < 2 or not (resultative.result_joined(line) or _REMAINDER.search(line)):
            return None
        held = {self.trace(c) for c in clauses}
        if None in held or len(held - {-1}) < 2 or held & self.causes:
            return None
        return Untraced(line=line[:300], reason="joins facts of two items by a result no item gives")

    def _told_whole(self, line: str, told: readings.Change) -> Untraced | None:
        """Why ``line``, a change read as two readings, says what an item holding both readings does
        not: that item tells the change itself ("v58 由 10min 改为 3min"), and the line is judged
        against it as written."""
        both = self._held(told.first) & self._held(told.second) | set(self.traces(told.reading))
        why = next((w for i in sorted(both) if i >= 0 and (w := self._vetoed(line, i)) is not None), None)
        return None if why is None else Untraced(line=line[:300], reason=f"says what no material item says: {why}")

    def _not_whole(self, line: str, wholes: Sequence[tuple[str, int]]) -> Untraced | None:
        """Why ``line``, said of a count as the whole ("all 38 partitions"), is not: the items it is
        traced to whole, else those of the clause holding the number, count that many of that many
        in none (``app.domain.whole``); None when each count is so."""
        clauses, held = split(line), [i for i in self.traces(line) if i >= 0]  # the line's items, else its clause's
        for written, n in wholes:
            clause = whole.whole_clause(clauses, written) or line
            if not any(whole.writes_whole(n, self.texts[i]) for i in held or self.traces(clause) if i >= 0):
                return Untraced(line=line[:300], reason=f"says all of {written!r} where no item counts the whole")
        return None

    def _all_as_held(self, line: str) -> str:
        """``line`` with its adverbs of all in the spelling of the items holding its other tokens
        (``extent.all_as_held``)."""
        tokens = [t for t in specific.specific_tokens(line) if t not in extent.ZH_ALL]
        return extent.all_as_held(line, "\n".join(h for h in self.hay if all(specific.occurs(t, h) for t in tokens)))

    def kind_named(self, line: str) -> bool:
        """Whether ``line`` names a thing its lines say by its kind alone ("07:58 es-logs 集群由 yellow
        变为 red" of "es-master-1: 集群状态 yellow 变为 red", the lines calling es-logs alone a 集群:
        ``app.domain.kinds``): without the name the line is traced, and to lines that do not name
        it. A line naming it says what it says of it, and is judged as written ("the new
        ledger-svc-2 pod" of a line telling the new ledger-svc-2 pod from the old one)."""
        bare = kinds.unnamed(line, self.texts)
        if bare == line or self.untraced(bare) is not None:
            return False
        dropped = set(specific.specific_tokens(line)) - set(specific.specific_tokens(bare))
        held = {i for i in (self.trace(bare), *(self.trace(c) for c in split(bare))) if i is not None and i >= 0}
        return bool(held) and not any(specific.occurs(t, self.hay[i]) for t in dropped for i in held)

    def intervals(self, line: str) -> tuple[str, ...]:
        """The durations of ``line`` that no item holds ("about 16 minutes", "约 8 分钟") and that
        are intervals it works out: each the interval between two times of the items the rest of
        the line (without them and the words saying they are intervals: ``chronology.without``) is
        traced to, within its rounding after a hedge, exactly without one
        (``chronology.worked_out``). Empty when there is none, or one the times do not give: the
        line is then judged as written. A duration only an item the line is not about holds, as a
        value of its own (a runbook's "超过 15 分钟"), is an interval where every duration of the line
        is one so worked out; one its own lines hold ("in last 5 min") is theirs."""
        single = [t for t in specific.specific_tokens(line) if chronology.seconds(specific.prepared(t)) is not None]
        every = tuple(chronology.durations(line, single))
        found = tuple(t for t in every if not any(specific.occurs(t, h) for h in self.hay))
        worked = self._worked(line, found)
        if worked or every == found:
            return worked
        rest = self.spanless(line, every)
        sides = chronology.ordered(postposition.spelled_out(rest)) or fromto.sides(rest) or ()
        about = self._held(rest, *sides)
        if any(t not in found and any(specific.occurs(t, self.hay[i]) for i in about) for t in every):
            return ()  # a duration its own lines hold ("in last 5 min"): a value of theirs, not an interval
        return self._worked(line, every)

    def _worked(self, line: str, found: tuple[str, ...]) -> tuple[str, ...]:
        """``found`` when each is the interval between two times of the items the rest of ``line`` is
        about (``intervals``), else empty."""
        rest = self.spanless(line, found)
        if not found or rest == line:
            return ()
        sides = chronology.ordered(postposition.spelled_out(rest))
        events = fromto.sides(rest) if bounds(rest) is None else bounds(rest)  # "from A's event to B's"
        if sides is None and events is not None and not _CLOCK.search(" ".join(self._own(*events))):
            first, second = self._naming(*events), self._naming(*events[::-1])
            return found if all(chronology.worked_out(specific.prepared(t), second, line, since=first)
                                for t in found) else ()
        if sides is None and bounds(rest) is None:
            sides = fromto.sides(rest)
        if sides is not None:  # "A 之后 B": from A's event to B's
            first, second = (self._about(side) for side in sides)
            return found if all(chronology.worked_out(specific.prepared(t), second, line, since=first)
                                for t in found) else ()
        items = self._about(rest, *(bounds(rest) or ()))
        return found if all(chronology.worked_out(specific.prepared(t), items, line) for t in found) else ()

    @staticmethod
    def _own(side: str, other: str) -> set[str]:
        """The terms and tokens of ``side``, one end of an interval "from A to B", that ``other``
        lacks: what names its event, apart from the subject both share."""
        tokens = set(specific.specific_tokens(side)) - set(specific.specific_tokens(other))
        return (stems(side) - stems(other)) | tokens

    def _naming(self, side: str, other: str) -> list[str]:
        """The items ``side`` of an interval "from A to B" is about that hold a term or token of its
        own (``_own``): "md127 降级" against "md127 重建完成" is not dated by a line of md127 that
        tells neither (its rebuild's start), which holds the subject alone."""
        own = self._own(side, other)
        return [self.texts[i] for i in sorted(self._held(side)) if not own or own & self.stems[i]
                or any(specific.occurs(t, self.hay[i]) for t in own if specific.is_specific(t))]

    def _about(self, *texts: str) -> list[str]:
        """The items ``texts`` may be about (``_held``), in order."""
        return [self.texts[i] for i in sorted(self._held(*texts))]

    def _held(self, *texts: str) -> set[int]:
        """The items ``texts`` may be about: any item each of them, or each of their clauses, is
        traced to (``traces``)."""
        return {i for text in texts for part in (text, *split(text)) for i in self.traces(part) if i >= 0}

    def _bounded(self, first: str, last: str, durations: Sequence[str] = ()) -> Untraced | None:
        """Why ``first`` and ``last``, a line read at the two times it spans (``bounds``), are not
        two items', the first's the earlier; None when each is traced to an item of its own so, or
        both to one item writing the two times in that order, each of ``durations`` exactly the
        interval between them (``_spans``)."""
        why = self.untraced(first) or self.untraced(last)
        if why is not None:
            return why
        a, b = self.trace(first), self.trace(last)
        if a is not None and a == b and a >= 0 and _spans(first, last, self.texts[a], durations):
            return None  # "… within 87 s, from 08:05:31 to 08:06:58": the span its one item gives
        if a is None or b is None or a < 0 or b < 0 or a == b or \
                not chronology.times(self.texts[a]) < chronology.times(self.texts[b]):
            return Untraced(line=first[:300], reason="spans two times no two items give in that order")
        return None

    @staticmethod
    def spanless(line: str, durations: Sequence[str]) -> str:
        """``line`` without ``durations`` and the words saying they are intervals
        (``chronology.without``), and without a clause left saying nothing of its own once they are
        out ("…, 01:52 重启复制，中断了大约 40 分钟", "…, an outage of about 40 minutes"): the
        duration's predicate, about the events the other clauses restate. A clause the duration
        leaves opened by 之后 ("赵敏 3 分 30 秒后确认": "之后 赵敏 确认") is the later event: it stays,
        and so does one it ends with "later" ("…, and autopilot removed it 25 s later"), opened by
        "then": the interval runs from the event of the clauses before it (``chronology.ordered``)."""
        clauses = split(line)
        if len(clauses) > 1:
            for c in clauses:
                bare = functools.reduce(chronology.without, durations, c)
                if bare == c or specific.specific_tokens(bare) or bare.lstrip().startswith("之后"):
                    continue
                later = any(re.search(rf"(?i){re.escape(d)}\s+later(?![\w-])", c) for d in durations)
                line = line.replace(c, f" then {bare.strip()}" if later else " ", 1)  # "…, and X 25 s later"
        return functools.reduce(chronology.without, durations, line)

    def figures(self, line: str) -> list[derived.Figure]:
        """The figures of ``line`` that no item writes and that it works out ("about 30%", "three in
        ten", "九倍": ``app.domain.derived``): each given by a ratio of two numbers of one item the
        rest of the line is traced to. Empty when there is none, or one no such item gives."""
        found = derived.unwritten(line, self.hay)
        if not found:
            return []
        rest = steps.without(line, [f for f, _ in found])  # about each time it spans, each side of its order
        held = self._held(rest, *(bounds(rest) or ()), *(chronology.ordered(postposition.spelled_out(rest)) or ()))

        def items(f: derived.Figure) -> set[int]:  # the item its clause restates (at the line's time), else the line's
            own = [i for i in self.traces(derived.clause(line, f)) if i >= 0]
            return {i for i in own if steps.stamped_at(self.texts[i], line)} or set(own[:1]) or held

        given = [(f, steps.given(f, line, near := [self.texts[i] for i in items(f)], self.texts)
                  and not compared_target.elsewhere(f, line, near), named) for f, named in found]
        if any(named and not ok for _, ok, named in given):
            return []  # a number no item holds nor gives: the line is judged as written
        return [f for f, ok, _ in given if ok]  # a figure in common words ("两倍") no item gives stays wording

    def worked_out(self, line: str) -> list[str]:
        """What ``line`` works out rather than names: its intervals and the figures it derives, as
        written."""
        shown = steps.unshown(line, self.texts)  # its figures read without the working they show
        spans = [canonical(shown)[f.start:f.end] for f in self.figures(shown)]
        spans = [*self.intervals(line), *spans]  # each with its parts ("8 min 13 s": "8 min", "13 s")
        denied = denial.denial(line)
        ruled_out = denied.tokens if denied is not None and self.untraced(denied.reading) is None else ()
        bare, wholes = whole.without(line, self.material)
        if wholes and self.untraced(line) is None:  # "all 38 partitions" of "38 of 38": the count is the whole
            ruled_out = (*ruled_out, *(set(specific.specific_tokens(line)) - set(specific.specific_tokens(bare))))
        digits = spelled.in_digits(line)
        if digits != line and self.untraced(digits) is None:  # its values said in words or parts
            ruled_out = (*ruled_out, *(t for t in specific.specific_tokens(line)
                                       if not any(specific.occurs(t, h) for h in self.hay)))
        if self._all_as_held(line) != line and self.untraced(line) is None:  # "都被重置" of "全部重置"
            ruled_out = (*ruled_out, *(t for t in specific.specific_tokens(line) if t in extent.ZH_ALL))
        if shown != line and self.untraced(line) is None:  # "1%（50/5000）": a share's working, shown
            ruled_out = (*ruled_out, *(set(specific.specific_tokens(line)) - set(specific.specific_tokens(shown))))
        if lists.counts_after(line) and self.untraced(line) is None:  # "sda、sdb、sdd 三块盘"
            ruled_out = (*ruled_out, *(t for c in lists.counts_after(line) for t in (c, *specific.specific_tokens(c))))
        return [*spans, *(t for span in spans for t in specific.specific_tokens(span)), *ruled_out]

    def _borrows(self, clauses: Sequence[str], held: Sequence[int | None], line: str = "") -> str | None:
        """A clause naming nothing of its own ("…, and was upgraded to 2.4.1") is about the names of
        the clause before it: traced to an item, that item must hold one of them, or the clause says
        of them what the item says of something else; and a state it gives (a slot's value:
        ``slots.other_value``) must be the one its item gives them, not one the item gives another
        name ("zk-02 恢复之后，仍以 leader 身份重新加入" of "zk-03 当选 leader；zk-02 恢复后以 follower 身份重新
        加入"). A side of ``line``'s word of time order that opens with an article ("… left the group
        after **the 2.14.0 sync**") is an event of its own, put in time order with the other side
        (``chronology.ordered``), and says nothing of them. Returns the name borrowed, or None."""
        names: list[str] = []
        before: tuple[str, int | None] | None = None
        sides = chronology.ordered(line) if line else None
        events = {canonical(side).strip(" ,，").casefold() for side in sides or ()}
        for k, (clause, i) in enumerate(zip(clauses, held, strict=True)):
            own = [w.text for w in alignment.words(clause) if alignment.name(w)] or self._proper(clause, i, k)
            bare = canonical(clause).strip(" ,，").casefold()
            if own:
                names = own
            elif bare in events and bare.split(maxsplit=1)[0] in _ARTICLES:
                names = []  # an event of its own: what follows goes on with its subject
            elif names and i is not None and i >= 0 and not any(specific.occurs(n, self.hay[i]) for n in names) \
                    and not comparison.satisfied(clause, before[0] if before else ""):  # "…61877 条，超过 50000 条"
                if not self._subject_of_its_own(clause, i, before, names):
                    return names[0]
                names = []  # what follows goes on with the clause's own subject
            elif names and i is not None and i >= 0 and slots.other_value(f"{' '.join(names)} {clause}",
                                                                          self.texts[i]) is not None:
                return names[0]  # its item gives the clause's state to another name than the one it goes on with
            before = (clause, i)
        return None

    def _proper(self, clause: str, i: int | None, k: int) -> list[str]:
        """The subject a clause after the first opens with when it is a proper noun: an English word
        capitalised inside a sentence ("…24 min 30 s before **Atlantis** reverted it"), which its item
        ``i`` holds. A name by its capital, though the word is common: the clause is about it, and
        borrows no name of the clause before."""
        m = _PROPER.match(clause)
        if k == 0 or m is None or i is None or i < 0 or m.group(1).casefold() in _ARTICLES \
                or not specific.occurs(m.group(1), self.hay[i]):
            return []
        return [m.group(1)]

    def _subject_of_its_own(self, clause: str, i: int, before: tuple[str, int | None] | None,
                            names: Sequence[str]) -> bool:
        """Whether ``clause`` (traced to item ``i``) opens with a subject of its own, so that it
        says nothing of the names of the clause before it: a noun phrase led by an article ("…, and
        **the first SlowDown error** was logged at 09:12") or, in Chinese, the clause before's noun
        said again ("确认了告警，**告警**直到 07:20 才恢复"). That subject is what the clause before
        spoke of, so its item must be about the same thing: it holds a name the item of the clause
        before holds, other than the names the line gives (the alert's, the service's), and no
        sibling of a name the line gives (``_family``: "…ledger-svc-2, and the pod was OOMKilled" of a
        line saying ledger-svc-1 was: the pod is that one, not the line's)."""
        if before is None or before[1] is None or before[1] < 0:
            return False
        text = canonical(clause).strip().casefold()
        lead = text.split(maxsplit=1)[0] if text else ""
        noun = _CJK_RUN.match(text)  # its first two characters: a word the cut may not know (告警)
        opened = lead in _ARTICLES or (noun is not None and len(noun.group(1)) > 1
                                       and noun.group(1)[:2] in canonical(before[0]).casefold())
        if not opened:
            return False
        said = {specific.prepared(n) for n in names}
        kin = {_family(n) for n in names} - {""}
        if any(alignment.name(w) and _family(w.text) in kin and specific.prepared(w.text) not in said
               for w in alignment.words(self.texts[i])):
            return False  # its line names a sibling of a name the line gives: "the pod" is that one
        theirs = [w.text for w in alignment.words(self.texts[before[1]]) if alignment.name(w)
                  and specific.prepared(w.text) not in said]
        return any(specific.occurs(n, self.hay[i]) for n in theirs)

    def _elided(self, clauses: Sequence[str]) -> str | None:
        """A clause that is one name and nothing else ("…for search-api in us-east-2 and us-west-2",
        "sh-az2、sh-az3") is a member of a list: it says of its name what the clause before says of
        the name in its place, the rest left out. Restored (that clause with its last name of the
        same form put in this one's place), it must be traced: else the list puts the name where no
        item does; a name before a clause opening with a value is that clause's subject. Returns the
        name, or None. A name before the clauses of its list opening with a name of its form ("…,
        after ingress-a1 and ingress-a2 were reloaded") is one of that clause's subjects: restored
        into it, in its first name's place."""
        before = None
        for k, clause in enumerate(clauses):
            who, spot = apart.person(clause), apart.last_person(before or "")
            if who is not None and spot is not None:  # "呼叫了 陈晓 和 刘洋": 刘洋 in 陈晓's place
                text = canonical(before or "")
                if self.trace(text[:spot[0]] + who + text[spot[1]:]) is None:
                    return who
                continue
            ws = [w for w in alignment.words(clause) if not alignment.filler(w, None)]
            if len(ws) != 1 or not alignment.name(ws[0]) or _opens_with_value(clauses[k + 1:k + 2]):
                before = clause
                continue
            after = _subject_list(ws[0], clauses[k + 1:])
            if after is not None:
                if self.trace(after) is None:
                    return ws[0].text
                continue
            names = [w for w in alignment.words(before) if alignment.name(w)] if before is not None else []
            alike = [w for w in names if alignment.form(w) == alignment.form(ws[0])] or names
            if not alike:
                continue
            text = canonical(before or "")
            spots = list(re.finditer(rf"(?i)(?<![\w.-]){re.escape(alike[-1].text)}(?![\w-])", text))
            if spots and self.trace(text[:spots[-1].start()] + ws[0].text + text[spots[-1].end():]) is None:
                return ws[0].text
        return None

    def _items(self, side: str) -> tuple[int, ...]:
        """The items a side of a line may be traced to: every item the whole side is traced to, or
        the one item every traced clause of it is traced to; empty when none or several."""
        whole = tuple(i for i in self.traces(side) if i >= 0)
        if whole:
            return whole
        found = {i for i in (self.trace(c) for c in split(side)) if i is not None and i >= 0}
        return (found.pop(),) if len(found) == 1 else ()

    def _meant(self, side: str) -> list[int]:
        """The dated items a side of a line is about (``chronology.meant``: "its first …" the
        earliest of them)."""
        held = self._items(side)
        none = nothing.giving_none(side, [self.texts[i] for i in held])  # "…归零": the lines giving none
        held = tuple(held[k] for k in none) or held
        return [held[k] for k in chronology.meant(side, [self.texts[i] for i in held])]

    def _misordered(self, first: str, second: str) -> bool:
        """Whether the side a line puts first in time is traced to an item timed after the second's
        (``app.domain.chronology``), whichever dated items of their events they are traced to: a
        side held by two lines ("40 of 40 available" by the line saying it and by "0 of 40") is in
        order if one of them is."""
        pairs = [(i, j) for i in self._meant(first) for j in self._meant(second) if i != j]
        return bool(pairs) and all(chronology.misordered(self.texts[i], self.texts[j]) for i, j in pairs)

    def _undated_order(self, first: str, second: str) -> bool:
        """Whether one side a line puts in time order is an event of a dated line and the other is
        traced only to undated items (a runbook's rule, "dropIndex 中止构建"): no line dates it, so
        the order is the line's own (as a side of 后 must be a dated line's: ``_sequenced``)."""
        held = [self._items(side) for side in (first, second)]
        dated = [any(chronology.time_of(self.texts[i]) for i in h) for h in held]
        return all(held) and dated[0] != dated[1]

    def _stray(self, reading: str) -> Untraced | None:
        """Why the readings a line implies (``app.domain.denial``, ``readings``) are not: one puts a
        value on another name than the one every line it is traced to says it of
        (``denial.strays``: a value in brackets after another is that one's name's)."""
        for clause in reading.split("; "):
            held = [i for i in self.traces(clause) if i >= 0]
            wrong = [denial.strays(clause, self.texts[i]) for i in held]
            if held and all(wrong):
                return Untraced(line=reading[:300], reason=f"says {wrong[0]!r} of another name than its line")
        return None

    def _in_order(self, first: str, second: str) -> Untraced | None:
        """Why two readings a line tells in order are not: the first traced to a line timed after
        the second's."""
        if self._misordered(first, second):
            return Untraced(line=f"{first}; {second}"[:300],
                            reason="puts two items in the other order than their times")
        return None

    def _sequenced(self, line: str) -> Untraced | None:
        """Why a line whose 后 joins two events (``app.domain.postposition``) is not what its lines
        say, beyond its clauses traced and put in order: each side must be traced to a dated line
        (an event of the log, not a runbook's rule), and no clause may deny what its line tells
        (``alignment.flipped``), which a clause judged apart from the line's other side would
        otherwise pass. A side denying what its own value rules out is read as its readings
        (``app.domain.denial``)."""
        denied = denial.denial(line)
        line = denied.reading if denied is not None else line
        sides = chronology.ordered(line)
        if sides is None or not all(self._dated(s) for s in sides):
            return Untraced(line=line[:300], reason="puts in time order what no dated line gives")
        first, second = ([c for c in split(s) if c.strip()] if not self._items(s) else [s] for s in sides)
        if any(self._misordered(a, b) for a in first for b in second):  # a side of clauses: each in order
            return Untraced(line=line[:300], reason="puts two items in the other order than their times")
        for clause in split(line):
            i = self.trace(clause)
            if i is not None and i >= 0 and denied_apart.flipped(*outcome.failure_read(clause, self.texts[i])):
                return Untraced(line=line[:300], reason="denies what its line tells")
        if self._ended_by(*sides):
            return Untraced(line=line[:300], reason="says goes on after an event what that event ended")
        return None

    def _dated(self, side: str) -> bool:
        """Whether a side of a line is traced to a dated line, or each of its clauses is ("…复制延迟
        10:24:00 降到 95 秒，10:31:00 降到 4 秒": two readings after one event)."""
        if any(chronology.time_of(self.texts[i]) for i in self._items(side)):
            return True
        held = [self.trace(c) for c in split(side)]
        return len(held) > 1 and all(i is not None and i >= 0 and chronology.time_of(self.texts[i]) for i in held)

    def _ended_by(self, first: str, second: str) -> bool:
        """Whether ``second``, said after ``first``, goes on where the line of ``first`` says it
        ended, or ended where that line says it went on ("回滚后 ch-02 仍在写入目标中" of "回滚…并把
        ch-02 从写入目标中摘除"): the later side's state is the earlier event's to end
        (``app.domain.persistence``); its clause traced alone to a later line does not make it so."""
        return any(persistence.ends_what_goes_on(second, self.texts[i]) for i in self._items(first) if i >= 0)

    def _lead(self, clause: str) -> int | None:
        """A clause introducing the list the line counts ("orders-db had two problems") says only
        that the members are that many: traced (-1) when the items hold its specific tokens and it
        asserts no cause; its members are traced each on their own."""
        if asserts_cause(clause) or cause_named(clause) is not None or _CONSEQUENCE.search(clause):
            return None
        held = all(any(specific.occurs(t, h) for h in self.hay) for t in specific.specific_tokens(clause)
                   if not specific.is_number(t))  # the count, held by the list after it
        return -1 if held else None

    def holding(self, line: str) -> str | None:
        """The item ``line`` is traced to, if it is an item (not a fixed phrase)."""
        i = self.trace(line)
        return self.texts[i] if i is not None and i >= 0 else None


def acts_on_held(action: str, items: Items) -> bool:
    """Whether everything an action acts on is held by ``items`` taken together. An action is an
    instruction (its first word: restart, raise, 扩容) and what it acts on; the instruction is its
    own, what it acts on is not: "Restart falcon: too many clients already" is traced to the line it
    quotes, yet names a host that no line holds. Every subject term after the first word must be
    the material's (a Chinese action written without a space is judged by its specific tokens). A
    Chinese action of several steps ("调大 X，并扩容 Y") is an instruction per clause."""
    held: set[str] = set().union(*items.stems)
    steps = split(action) if _CJK.search(action) else [action]
    return all(stems(canonical(step).strip().partition(" ")[2]) <= held for step in steps) \
        and not _instructs_from_log(action, items, held) and not forbidden_step(action, items)


def forbidden_step(action: str, items: Items) -> bool:
    """Whether ``action`` is a step an item forbids (``app.domain.forbidden``): its instruction is
    the forbidden clause's, and it holds all of that clause's subject terms but one at most, and two
    at least ("Roll
    namespace payments back to PERMISSIVE" of "do not roll the whole namespace back to
    PERMISSIVE": a qualifier left out does not make it another step)."""
    flat = canonical(action).strip()
    for said in forbidden.clauses(flat):  # a step telling a prohibition itself ("…，不要重启整个集群")
        flat = flat.replace(said, " ")
    first = stems(flat.split(" ", 1)[0]) if not _CJK.search(flat[:1]) else set()
    own = stems(flat)
    for text in items.texts:
        for said in forbidden.clauses(text):
            theirs = stems(said)
            if len(theirs) > 1 and (first & theirs if first else True) \
                    and len(own & theirs) >= max(2, len(theirs) - 1):
                return True
    return False


def _instructs_from_log(action: str, items: Items, held: set[str]) -> bool:
    """Whether ``action`` is traced only to dated lines (events of the log: no runbook step) and
    gives an instruction no item holds ("更换 db-bill-04 的 BBU 电池" of a line telling the BBU's
    learn cycle): what to do is then the action's own, and no material gives it."""
    traced = [i for i in items.traces(action) if i >= 0]
    if not traced or not all(chronology.time_of(items.texts[i]) for i in traced):
        return False
    return not stems(canonical(action).strip().partition(" ")[0]) <= held


def covers(answer: str, finding: str) -> bool:
    """Whether ``answer`` carries ``finding``: half its subject terms and every identifier of it."""
    hay = specific.prepared(answer)
    if any(specific.is_identifier(t) and not specific.occurs(t, hay) for t in specific.specific_tokens(finding)):
        return False
    own = stems(finding)
    return not own or len(own & stems(answer)) >= MIN_COVER * len(own)


def apposed(text: str) -> list[str]:
    """Words in the place of a name, told by their place alone: a word right after a noun after a
    determiner, rarer than that noun ("the broker **falcon** ran out", "a host **kestrel**"): a
    name set beside the noun it names. Where the second word is the commoner, it is the head of a
    compound ("the retention job", "the disk space", "the cache layer"); a verb form (-ed, -ing)
    goes on with the sentence. A gap line restating no evidence line has no line to align with;
    this is the place its names stand in."""
    ws = alignment.words(text)
    out = []
    for i in range(2, len(ws)):
        det, noun, w = ws[i - 2], ws[i - 1], ws[i]
        if det.text in alignment.DETERMINERS and not alignment.filler(noun, det) and not alignment.filler(w, noun) \
                and not w.cjk and w.text.isalpha() and not w.text.endswith(("ed", "ing")) and noun.text.isalpha() \
                and common.zipf(w.text) < common.zipf(noun.text):
            out.append(w.text)
    return out


def mask(text: str, known: str, placeholder: str = "[unverified]", codes_only: bool = False) -> str:
    """``text`` with every specific token (or only every code or name: what a search was asked,
    where a count is a parameter) that ``known`` does not hold replaced by ``placeholder``; and,
    where ``text`` restates a line of ``known``, every word it puts where that line has a name,
    every word it puts before a noun where ``known`` has words of its own (``app.domain.modifiers``),
    and every name written in capitalised common words that ``known`` lacks, and, where ``text``
    hedges, the rare words of a term coined in common words that it lacks (``app.domain.names``)."""
    hay = specific.prepared(known)
    out = canonical(text) if codes_only else assigned.mask(canonical(text), hay, placeholder)
    hidden = [t for t in specific.specific_tokens(text) if not (codes_only and not specific.is_code(t))
              and not specific.occurs(t, hay)]
    line = None if codes_only else Lines(known.splitlines()).restated(text)
    hidden += [w for w, _ in alignment.swaps(text, line)] if line is not None else []
    hidden += [] if codes_only else [w for w in apposed(text) if not specific.occurs(w, hay)]
    hidden += [] if codes_only else modifiers.renamed(text, known)
    hidden += [] if codes_only else [n for n in names.capitalised(text) if not names.held(n, known)]
    hidden += names.coined(text, hay) if not codes_only and hedged(text) else []
    for tok in sorted(hidden, key=len, reverse=True):  # a name of several words before a token inside it
        out = specific.pattern(rf"(?i)(?<![A-Za-z0-9]){re.escape(tok)}(?![A-Za-z0-9])").sub(placeholder, out) \
            if tok.isascii() else out.replace(tok, placeholder)
    return out


@functools.lru_cache(maxsize=MEMO)
def _trace(items: Items, line: str) -> int | None:
    return next(items._traced(line), None)


@functools.lru_cache(maxsize=MEMO)
def _traces(items: Items, line: str) -> tuple[int, ...]:
    return tuple(items._traced(line))


@functools.lru_cache(maxsize=MEMO)
def _untraced(items: Items, line: str) -> Untraced | None:
    return items._untraced(line)
