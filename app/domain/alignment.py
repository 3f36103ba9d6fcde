"""Alignment: a line set word by word against the line it restates, and what it puts in its places.

A name that is a common word (a host called ``falcon``, a service called ``inventory``) cannot be
told from a word by its form. Its *place* tells it. A claim that restates an evidence line (or a
Composer sentence that restates its material item) is aligned with it word by word, in order
(words compared without their endings; Chinese cut into words). Where the two differ, a *slot*:

- a **swap**: where the source has a name (a specific token that is not a number, a time or a
  date: ``orders-svc``, ``kestrel-02``, ``max_connections``), the line has, in the same slot, a
  word the source does not hold (``falcon``), or a name the source does not hold there
  (``orders-db`` where the line says ``orders-svc``). A common word after a determiner ("the
  upstream service", "the database name") describes what it stands for and is not a swap, nor is
  a part of the slot's own name ("the orders service" for ``orders-svc``);
- a **flip**: a negation the line adds or drops where the source has none or one ("did not
  receive" / "received", "未拒绝" / "拒绝", "failed" / "finished"). A negation moved within the
  restatement ("failed to write" / "write failed") is no flip. A phrase the line leaves out
  whole ("no errors") is an omission, not a flip. Where the source has no negation at all (nor a
  count of none, ``0 of 40``), a line that denies an event the source tells, in any place, flips
  it: "the rule was never restored" against "m.reyes restored the rule", "仍没有恢复" against
  "错误率恢复到 0.3%" (and the other way round).

One rule on aligned lines: no list of slot words (``host``, ``on``, ``node``), only the source's
own names, the closed classes of negators and determiners, and the stopwords.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections import Counter
from collections.abc import Sequence

from app.domain import dates, specific, units, zh
from app.domain.text import STOPWORDS, canonical

MAX_SLOT = 4
"""A slot is at most this many content words on either side: more is another statement, not a place."""
DETERMINERS = frozenset("the a an this that these those its their our your his her each every some any another "
                        "该 这 那 此 这个 那个 其".split())
_NEG_EN = frozenset("not no never none neither nor cannot without nothing nobody nowhere unable".split())
_NEG_ZH = "不没未无非别勿"
_WORD = re.compile(f"(?P<cjk>[{specific._CJK_CHARS}]+)|(?P<tok>{specific._TOKEN.pattern})")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_TIME = re.compile(r"\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}")
_INNER = re.compile(r"[.:/\-_@#+]")
_PATH = re.compile(r"[.:/@#+]")
"""Where a name is cut into the parts of a path (``index.blocks.read_only_allow_delete``): not at
``-`` or ``_``, which join the words of one part. A part so cut is the name's, as a word of it is:
a setting named by its last key is the setting the line writes in full."""
_SUFFIX = re.compile(r"(?:ing|ed|es|s|(?<!p)ly)$")
"""An English ending a word is compared without; not the "-ly" of a verb in "-ply" (apply, reply,
supply), which its other forms (applies, applied) keep."""


class Word:
    """A word of a line: as written (canonical, case-folded) and the key it is compared by."""

    __slots__ = ("cjk", "key", "text")

    def __init__(self, text: str, cjk: bool) -> None:
        self.text, self.cjk = text, cjk
        key = text.removesuffix("'s")
        if key.isascii() and key.isalpha() and len(key) > 4:
            key = _SUFFIX.sub("", key)
            key = key[:-1] if key[-1:] in ("e", "i", "y") and len(key) > 4 else key  # receive(d), retr(y|ies)
        self.key = key


@functools.lru_cache(maxsize=8192)
def words(text: str) -> tuple[Word, ...]:
    """The words of ``text`` in order: Latin tokens whole (``orders-db``, ``2.4.1``), CJK runs cut
    into words (``app.domain.specific.cjk_segments``)."""
    out: list[Word] = []
    for m in _WORD.finditer(canonical(text).casefold()):
        if m.group("cjk"):
            out += [Word(p, True) for p, _ in specific.cjk_segments(m.group("cjk"))]
        else:
            out.append(Word(m.group("tok"), False))
    return tuple(out)


WORD = _WORD
"""A word of a line: a run of CJK text (cut later) or a Latin token."""


def negation(w: Word, prev: Word | None = None) -> str:
    """``"neg"`` for a negator, ``"fail"`` for a word of failure, ``""`` otherwise (``longer``
    after ``no`` belongs to its negator)."""
    t = w.text
    if w.cjk:
        core = t[1:] if len(t) > 1 and t[0] in "并从尚" else t
        if core and core[0] in _NEG_ZH and (len(core) == 1 or (len(core) == 2 and core[1] in "有是能会法曾")):
            return "neg"
        return "fail" if "失败" in t else ""
    if t in _NEG_EN or t.endswith("n't"):
        return "neg"
    if t == "longer" and prev is not None and prev.text == "no":
        return "neg-part"
    return "fail" if w.key.startswith("fail") and not w.key.startswith("failover") else ""  # a failover is done


def _filler(w: Word, prev: Word | None) -> bool:
    """A word that carries no content of its own: a stopword, a determiner, a negator, a lone
    CJK function character (的, 了, 在)."""
    if negation(w, prev) or w.text in DETERMINERS or w.text in STOPWORDS:
        return True
    return (w.cjk and len(w.text) == 1) or not any(ch.isalnum() for ch in w.text)


filler = _filler


def name(w: Word) -> bool:
    """A name: an identifier-shaped token (a digit, inner punctuation even between common words,
    capitals, another script: ``orders-svc``, ``kestrel-02``, ``billing-consumer``) that is not a
    number (nor one with its unit written on: ``200ms`` is a value as ``200 ms`` is), a time or a
    date. A word that is merely rare is not one here: prose paraphrases rare
    words ("tumeric" / "turmeric")."""
    return not w.cjk and _named(w.text)


@functools.lru_cache(maxsize=16_384)
def _named(text: str) -> bool:
    shaped = specific.is_identifier(text) or _INNER.search(text.strip(".:/-_@#+")) is not None
    return shaped and not specific.is_number(text) and _TIME.search(text) is None \
        and any(ch.isalpha() for ch in text) and dates.day_or_month(text) is None \
        and units.quantity(text) is None  # a number with its unit written on (200ms, 1.2GB) is a value


def _ops(line: Sequence[Word], source: Sequence[Word]) -> Sequence[tuple[str, int, int, int, int]]:
    m = difflib.SequenceMatcher(None, [w.key for w in line], [w.key for w in source], autojunk=False)
    return m.get_opcodes()


def _held(w: Word, source: Sequence[Word], parts: frozenset[str]) -> bool:
    """Whether the source holds ``w``: the same word, or a part of one of its names (a word of it,
    or a part of its path: ``_PATH``)."""
    return w.key in {s.key for s in source} or w.text in parts


def _described(line: Sequence[Word], i: int) -> bool:
    """A common word after a determiner describes ("the upstream service"), it does not name."""
    return any(w.text in DETERMINERS for w in line[max(0, i - 2):i])


_COPULAS = frozenset("is are was were be been being".split())


def _predicate(line: Sequence[Word], i: int, source: Sequence[Word]) -> bool:
    """A common word right after an identifier the line shares with its source says what it did
    ("ingest-node-03 hit ENOSPC" for ``ingest-node-03 ingest-worker[4410]: ENOSPC``), or after it
    and a copula ("lb-01 was down to scur 640"): names do not stack, a predicate follows its
    subject. So does a word right after a subject pronoun ("it went into ALARM" of ``cloudwatch:
    alarm KmsAccessDeniedSpike in ALARM``): the pronoun is the subject, the word its verb, in no
    name's place. A preposition is no copula: "rolled back to v2.0.3 by falcon" puts a word where
    the source names who did it."""
    k = i - 1
    while k > 0 and line[k].text in _COPULAS:
        k -= 1
    prev = line[k] if k >= 0 else None
    if prev is None or prev.cjk:
        return False
    return prev.text in SUBJECT_PRONOUNS or (specific.is_identifier(prev.text) and prev.key in {s.key for s in source})


SUBJECT_PRONOUNS = frozenset("it they he she we".split())
"""The pronouns that stand as a clause's subject."""


def swaps(line: str, source: str) -> list[tuple[str, str]]:
    """``(word, name)`` pairs: where ``source`` has ``name``, ``line`` (restating it) has ``word``.

    A slot between two stretches the line shares with its source is one place: any word of the
    line's side stands for any name of the source's. A slot at an end (the line starts or goes on
    where its source does not) is read outward from the shared stretch, word by word: the first
    content word of each side, then the second ("already on falcon" / "already (max_connections
    200)" pairs ``falcon`` with ``max_connections``; "led to ENOSPC" / "ingest-node-03 logs show
    ENOSPC" pairs ``led`` with ``show``, a word with a word). The writer of a log line (the words
    before its first colon: ``haproxy:``, ``云监控:``) is a name by its place, whatever its form, in
    a slot at the line's head (where a restatement puts who did it). A line is checked against the
    same items several times a session: the pairs are remembered."""
    return list(_swaps(line, source))


@functools.lru_cache(maxsize=16_384)
def _swaps(line: str, source: str) -> tuple[tuple[str, str], ...]:
    lw, sw = words(line), words(source)
    if not lw or not sw:
        return ()
    writer = _writer(source)
    parts = frozenset(p for s in sw if not s.cjk for cut in (_INNER, _PATH) for p in cut.split(s.text) if p)
    held_here = {w.key for w in lw}
    spelled = specific.prepared(source)  # what the source holds in any spelling: 03:20 UTC in 03:20:31Z
    out: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in _ops(lw, sw):
        if tag != "replace":
            continue
        mine = [i for i in range(i1, i2) if not _filler(lw[i], lw[i - 1] if i else None)]
        theirs = [j for j in range(j1, j2) if not _filler(sw[j], sw[j - 1] if j else None)]
        if len(mine) > MAX_SLOT or len(theirs) > MAX_SLOT:
            continue
        head, tail = i1 == 0 and j1 == 0, i2 == len(lw) and j2 == len(sw)
        if head and tail:
            continue  # nothing shared around it: not a place in a restatement
        if head or tail:
            pairs = list(zip(mine[::-1], theirs[::-1], strict=False)) if head else list(zip(mine, theirs, strict=False))
        else:
            pairs = [(i, j) for i in mine for j in theirs]
        for i, j in pairs:
            w, s_ = lw[i], sw[j]
            if len(mine) == len(theirs) == 1 and i == i1 and j == j1 and _value_swap(lw, sw, i, j, tail, held_here):
                out.append((w.text, s_.text))
                break
            if not (name(s_) or (head and s_.key in writer)) or s_.key in held_here or _held(w, sw, parts) \
                    or _told_part(w, s_, held_here) or _approximates(lw, i) \
                    or _phrase_left_out(lw[i1:i2], sw[j1:j2], j - j1) \
                    or specific.is_number(w.text) or dates.day_or_month(w.text) is not None \
                    or (not name(w) and specific.occurs(w.text, spelled)):  # a day: dates; a value spelled otherwise
                continue
            if name(w) or not (_described(lw, i) or ((head or tail) and plural(w)) or _predicate(lw, i, sw)):
                out.append((w.text, s_.text))
                break
    return (*out, *exchanged(lw, sw))


def _told_part(w: Word, identifier: Word, said: set[str]) -> bool:
    """Whether ``w`` is a word of ``identifier``, words joined by underscores ("response_flags"),
    every word of which the line says (its keys ``said``): the identifier told in its words
    ("responses with flag UC"), not a word put in its place."""
    words = [p for p in identifier.text.split("_") if len(p) > 2 and p.isalpha()]
    if len(words) < 2 or len(words) != identifier.text.count("_") + 1:
        return False
    forms = [{Word(p, False).key, Word(p + "s", False).key} for p in words]
    return any(w.key in f for f in forms) and all(f & said for f in forms)


def _phrase_left_out(mine: Sequence[Word], theirs: Sequence[Word], j: int) -> bool:
    """Whether the name ``theirs[j]`` (of a slot, ``mine`` the line's side) ends a phrase opened by
    its preposition that the line leaves out, rewording the slot and naming no name of its own
    ("dropped … at 09:29:10 once r.haddad confirmed" of "dropped … on pg-main-01 after r.haddad
    confirmed", "赵敏 比较" of "赵敏 在 #gw-oncall：对比"): the source's qualifier dropped, the slot's
    other words said otherwise (no more words of content than it has), none in the name's place. A
    line keeping the preposition ("on db-02" of "on db-01"), or with a word more than the slot's
    other words ("at the replica once" of "on db-01 after"), puts a word where the name is."""
    if j == 0 or any(name(w) for w in mine):
        return False
    before = theirs[j - 1]
    preposition = before.text in STOPWORDS or (before.cjk and zh.tag(before.text) == zh.PREPOSITION)
    def value(w: Word) -> bool:
        return specific.is_number(w.text) or _TIME.search(w.text) is not None
    rest = [s for k, s in enumerate(theirs) if k not in (j - 1, j) and not name(s) and not value(s)]
    said = [w for k, w in enumerate(mine) if not _filler(w, mine[k - 1] if k else None) and not value(w)]
    return preposition and before.key not in {w.key for w in mine} and 0 < len(said) <= len(rest)


def placed(line: str, source: str) -> list[tuple[str, str]]:
    """``(word, word)`` pairs: one content word of ``line`` in the place of one of ``source`` that the
    line does not hold, the place bound by the words either side, both shared with the source
    ("container envoy in pod" for "container indexer in pod"), or, at an end of the line, by the
    word it shares there ("process 23817 (envoy)" for "process 23817 (java) total-vm:…"), read
    outward from it. Whether the word is a
    value or wording is not told here: the material tells it (``app.domain.slots``)."""
    lw, sw = words(line), words(source)
    held_here = {w.key for w in lw}
    out: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in _ops(lw, sw):
        if tag != "replace":
            continue
        before = i1 > 0 and j1 > 0 and lw[i1 - 1].key == sw[j1 - 1].key
        after = i2 < len(lw) and j2 < len(sw) and lw[i2].key == sw[j2].key
        mine = [i for i in range(i1, i2) if not _filler(lw[i], lw[i - 1] if i else None)]
        theirs = [j for j in range(j1, j2) if not _filler(sw[j], sw[j - 1] if j else None)]
        if len(mine) != 1 or not theirs:
            continue
        if i1 > 0 and i2 < len(lw):
            bound = before and after and len(theirs) == 1  # inside the line: bound on both sides
        else:
            bound = after if i1 == 0 else before  # at an end of the line: by the word it shares
        s_ = sw[theirs[-1] if i1 == 0 else theirs[0]]  # read outward from the shared word
        if bound and s_.key not in held_here:
            out.append((lw[mine[0]].text, s_.text))
    return out


_HEAD = re.compile(r"^\s*(?:\S*\d:\d\d\S*\s+)?([^:：\s][^:：]{0,40}?)\s*[:：](?:\s|$)")


def writer_end(source: str) -> int:
    """Where the writer of a log line ends (its colon, in ``canonical(source).casefold()``), or 0."""
    m = _HEAD.match(canonical(source).casefold())
    return m.end(1) if m else 0


def _writer(source: str) -> frozenset[str]:
    """The keys of the words naming what wrote a log line: those before its first colon (after a
    timestamp), at most ``MAX_SLOT`` of them."""
    m = _HEAD.match(canonical(source).casefold())
    ws = words(m.group(1)) if m else ()
    return frozenset(w.key for w in ws) if len(ws) <= MAX_SLOT else frozenset()


writer = _writer
ops = _ops


MAX_EXCHANGED = 12
"""Names and numbers of a line weighed for an exchange: a restatement holds a few, never dozens."""


def form(w: Word) -> tuple[bool, str]:
    """A token's shape by its form: a number or a name, and the inner punctuation it is built with
    (``eu-west-1b`` and ``eu-west-1c``, ``billing-worker-2`` and ``billing-consumer`` alike;
    ``HTTP 503`` and ``checkout-gw`` not)."""
    return specific.is_number(w.text), "".join(sorted(set(_INNER.findall(w.text.strip(".:/-_@#+")))))


def _agree(a: Sequence[Word], i: int, b: Sequence[Word], j: int) -> int:
    """How many of the words either side of ``a[i]`` are those either side of ``b[j]``."""
    before = i > 0 and j > 0 and a[i - 1].key == b[j - 1].key
    after = i + 1 < len(a) and j + 1 < len(b) and a[i + 1].key == b[j + 1].key
    return int(before) + int(after)


def exchanged(lw: Sequence[Word], sw: Sequence[Word]) -> list[tuple[str, str]]:
    """``(token, other)`` pairs for two tokens of the same shape that the line and its source both
    hold once, in the opposite order, each standing where the source has the other (sharing a
    neighbour with it) more than where the source has itself: "in eu-west-1c failed over to
    eu-west-1b" for "in eu-west-1b failed over to eu-west-1c". Every token is in the source, only
    their places differ, and the places carry the meaning (from and to, who and whom). A reordering
    that rewords the places ("failed over to eu-west-1c from eu-west-1b") is no exchange, nor one
    of tokens of different shapes ("checkout-gw returned HTTP 503" for "HTTP 503 from checkout-gw"),
    nor the members of one coordination in both ("X and Y share disk sdb" for "Y and X both on disk
    sdb": ``_joined``), whose order says nothing."""
    in_source = Counter(s.key for s in sw)
    at = {s.key: j for j, s in enumerate(sw)}
    mine = Counter(w.key for w in lw)
    held = [i for i, w in enumerate(lw) if not w.cjk and in_source[w.key] == 1 and mine[w.key] == 1
            and (name(w) or (specific.is_number(w.text) and _TIME.search(w.text) is None))][:MAX_EXCHANGED]
    out: list[tuple[str, str]] = []
    for n, i in enumerate(held):
        for k in held[n + 1:]:
            j, m = at[lw[i].key], at[lw[k].key]
            if j < m or form(lw[i]) != form(lw[k]):
                continue
            if _joined(lw, i, k) and _joined(sw, m, j):
                continue  # one coordination in both: "A and B" for "B and A" is the same pair
            cross_i, cross_k = _agree(lw, i, sw, m), _agree(lw, k, sw, j)
            if cross_i and cross_k and cross_i + cross_k > _agree(lw, i, sw, j) + _agree(lw, k, sw, m):
                out += [(lw[i].text, sw[m].text), (lw[k].text, sw[j].text)]
    return out


def _approximates(ws: Sequence[Word], i: int) -> bool:
    """Whether word ``i`` approximates the number or time right before it ("07:53 前后"): the value's
    hedge, in no name's place."""
    return ws[i].text in units.HEDGE_AFTER and i > 0 and (specific.is_number(ws[i - 1].text)
                                                          or _TIME.search(ws[i - 1].text) is not None)


_JOINING = frozenset("and or 和 与 及 以及 或".split())
"""The conjunctions that join two members of one list."""


def _joined(ws: Sequence[Word], i: int, k: int) -> bool:
    """Whether words ``i`` < ``k`` are two members of one coordination: next to each other (a comma
    or 、 between them), or with a conjunction alone between them ("/var/lib/etcd and
    /var/lib/containerd")."""
    return k == i + 1 or (k == i + 2 and ws[i + 1].text in _JOINING)


def _value_swap(line: Sequence[Word], source: Sequence[Word], i: int, j: int, tail: bool,
                held_here: set[str]) -> bool:
    """A common word for a common word, where the word is bound to the same neighbour and so is a
    value, not wording: what a shared number counts ("1200 errors" / "1200 messages", "1200 条错误" /
    "1200 条消息", after its measure word), or what a shared noun after a preposition or determiner
    is called, ending both lines ("from topic payments" / "from topic invoices"). Elsewhere a word
    for a word is paraphrase ("积压" / "延迟", "refused" / "sorry"), judged by the subject terms."""
    w, s_ = line[i], source[j]
    if i == 0 or j == 0 or name(w) or name(s_) or w.key in {x.key for x in source} \
            or s_.key in held_here or not (w.text.isalpha() and s_.text.isalpha()) \
            or negation(w, line[i - 1]) or negation(s_, source[j - 1]) \
            or w.text in units.UNITS or s_.text in units.UNITS:  # a unit is judged with its number (units)
        return False
    prev = line[i - 1]
    if prev.key != source[j - 1].key:
        return False
    if _counted(line, i) and _counted(source, j):
        return True
    before = line[i - 2] if i >= 2 else None
    return tail and not w.cjk and not s_.cjk and not prev.cjk and not _filler(prev, before) and not name(prev) \
        and not specific.is_identifier(prev.text) and before is not None \
        and (before.text in DETERMINERS or before.text in STOPWORDS)


def _counted(ws: Sequence[Word], i: int) -> bool:
    """Whether word ``i`` is what a number counts: right after the number, or after its Chinese
    measure word (one character after the number: 条, 个, 次). A unit is no measure word: what
    follows "1800 秒" is no thing the number counts ("由 1800 秒改为" / "从 1800 秒改成了")."""
    def number(w: Word) -> bool:
        return not w.cjk and specific.is_number(w.text) and _TIME.search(w.text) is None
    prev = ws[i - 1]
    if number(prev):
        return True
    return prev.cjk and len(prev.text) == 1 and prev.text not in units.UNITS and i >= 2 and number(ws[i - 2])


def plural(w: Word) -> bool:
    """A plural of a common English word ("attempts", "retries"): it needs no determiner, so a bare
    one after the last word a line shares with its source goes on describing, it does not name."""
    t = w.text
    if w.cjk or not t.isalpha() or not t.endswith("s") or t.endswith("ss"):
        return False
    return any(stem in specific.common_words("en") for stem in (t[:-1], t[:-2], t[:-3] + "y"))


def _negations(seg: Sequence[Word], whole: Sequence[Word], start: int) -> tuple[list[str], int]:
    """The negations of a segment, and how many content words it holds besides."""
    found, content = [], 0
    for k, w in enumerate(seg):
        prev = whole[start + k - 1] if start + k else None
        kind = negation(w, prev)
        if kind == "fail" and start + k + 1 < len(whole) and whole[start + k + 1].text == "over":
            kind = ""  # "failed over" is an operation done, no failure
        if kind in ("neg", "fail"):
            found.append(kind)
        elif kind != "neg-part" and not _filler(w, prev):
            content += 1
    return found, content


def flipped(line: str, source: str) -> bool:
    """Whether ``line``, restating ``source``, adds or drops a negation there (not merely moves
    one). A negation counts where it stands alone (added or left out with nothing but filler: "did
    not", "no" of "no errors" when "errors" stays) or in a slot of at most one content word a side
    ("failed" for "finished", "没有" for "正在"); a negated phrase left out whole, or replaced by
    another phrase, is an omission or a paraphrase, not a flip."""
    lw, sw = words(line), words(source)
    added: Counter[str] = Counter()
    dropped: Counter[str] = Counter()
    for tag, i1, i2, j1, j2 in _ops(lw, sw):
        if tag == "equal":
            continue
        mine, my_content = _negations(lw[i1:i2], lw, i1)
        theirs, their_content = _negations(sw[j1:j2], sw, j1)
        # difflib's tags read from the line to the source: "delete" is what the line adds, "insert"
        # what it leaves out of the source.
        if (tag == "delete" and not my_content) or (tag == "insert" and not their_content) or \
                (tag == "replace" and my_content <= 1 and their_content <= 1):
            added.update(mine)
            dropped.update(theirs)
    surplus = added - dropped
    zero, some = _counted_denials(lw, source)
    surplus["neg"] -= min(surplus["neg"], zero)
    return some or bool(+surplus + (dropped - added)) or denies(line, source)


_THING_NEG = frozenset({"no", "none", "没有", "无"})
"""The negators that deny a thing ("no errors", "没有未分配分片"), which a count of none says too."""
_SEGMENT = re.compile(r"[,，;；()（）]|:\s|：")
SEGMENT = _SEGMENT


def _denied_things(line: Sequence[Word]) -> list[set[str]]:
    """For each thing negator of ``line``, the words it denies: the run of content words right
    after it ("no **under-replicated partitions** at 14:58"; 未 of 没有未分配分片 is part of the thing),
    or the names among them where it has some: "no **5xx** errors" denies what the name counts, the
    common noun after it only says what kind of thing that is."""
    out = []
    for i, w in enumerate(line):
        if w.text not in _THING_NEG:
            continue
        denied: set[str] = set()
        named: set[str] = set()
        for k in range(i + 1, min(i + 1 + MAX_SLOT, len(line))):
            x, prev = line[k], line[k - 1]
            if negation(x, prev) and x.cjk:
                continue
            if (_filler(x, prev) and negation(x, prev) != "fail") or specific.is_number(x.text):
                break
            denied.add(x.key)
            named |= {x.key} if name(x) else set()
        if denied:
            out.append(named or denied)
    return out


def _counted_denials(line: Sequence[Word], source: str) -> tuple[int, bool]:
    """How ``line``'s thing negators meet the counts of ``source``: (how many deny what a count of
    none counts, whether one denies what a count above none counts). A count is bound to the words
    of its own segment of the source (between commas, brackets or a label's colon: "未分配分片 6 个
    （主分片 0 个）" counts two things), and a negator to it where every word it denies is one of
    them: "no under-replicated partitions" restates "under-replicated partitions 0" (the same
    negation written as a number), "没有未分配分片" restates "未分配分片 0 个"; "no lagging
    partitions" denies "lagging partitions 5". A quantity of time is no count of a thing:
    it is the window or the latency the segment is over ("no slow fsync warnings in last 2 min",
    "过去 60 秒失败 0 条"). A line writing a count of its own is judged by its numbers instead."""
    if any(_zero(w) for w in line):
        return 0, False
    zero: list[set[str]] = []
    some: list[set[str]] = []
    for seg in _SEGMENT.split(canonical(source)):
        ws = words(seg)
        spans = {n for t in specific.specific_tokens(seg) if units.dimension(t) == "time" for n in _NUMBER.findall(t)}
        counts = [w for w in ws if not w.cjk and specific.is_number(w.text) and _TIME.search(w.text) is None
                  and w.text not in spans]
        keys = {w.key for w in ws if w not in counts and (not _filler(w, None) or negation(w) == "fail")}
        if any(_zero(w) for w in ws):
            zero.append(keys)
        elif counts:
            some.append(keys)
    denials = _denied_things(line)
    none_said = sum(1 for d in denials if any(d <= keys for keys in zero))
    return none_said, any(d <= keys for d in denials for keys in some if not any(d <= z for z in zero))


def says_none(line: str, source: str) -> bool:
    """Whether a thing negator of ``line`` restates a count of none of ``source`` ("logged no
    KRB_AP_ERR_SKEW rejections" for "0 KRB_AP_ERR_SKEW rejections")."""
    return _counted_denials(words(line), source)[0] > 0


_PREDICATE_NEG_EN = frozenset("not never cannot unable nobody nothing".split())
"""The English negators that deny what follows them ("was never restored", "did not recover"), and
the negative pronouns that deny an event by its agent or its object, as 没有人 and 无人 do ("Nobody
was paged", "nothing was started"): not "no", "none", "without", which deny a thing, not an event."""


def _zero(w: Word) -> bool:
    """A count of none (``0``, ``零``, ``zero``): a negation written as a number ("0 of 40 available")."""
    return w.text in ("0", "zero", "零") or (not w.cjk and units.number_value(w.text) == 0)


_ASPECT = frozenset({"yet"})
"""An adverb of aspect between a negator and the word it denies ("not **yet** deployed"): the
denial is of the word after it, the event still to come."""


def _denied_words(ws: Sequence[Word]) -> list[Word]:
    """The words a predicate negator denies: the first content word after it ("never **restored**",
    "did not **recover**", "仍没有**恢复**", "未**恢复**"), with the object a noun of relation joins to it
    by "of" ("not **part** of the **configuration**")."""
    out = []
    for i, w in enumerate(ws):
        prev = ws[i - 1] if i else None
        if negation(w, prev) != "neg" or not (w.cjk or w.text in _PREDICATE_NEG_EN or w.text.endswith("n't")):
            continue
        run = _lone_run(ws, i + 1)
        if run:  # and the word after it, where the run is function characters ("没有再当 follower")
            out.append(Word(run, True))
        after = [x for k, x in enumerate(ws[i + 1:i + 1 + MAX_SLOT], i + 1)
                 if not _filler(x, ws[k - 1]) and x.text not in _ASPECT]
        led = bool(after) and after[0] is not ws[i + 1]  # a preposition first: 没有从 edge-4 撤回, not "not A, but B"
        head = [x for x in after[:None if led else 1] if not name(x) and not specific.is_number(x.text)][:1]
        out += head + _of_object(ws, head[0]) if head else []
    return out


def _of_object(ws: Sequence[Word], head: Word) -> list[Word]:
    """The object a noun of relation joins by "of" to a denied word ("not **part** of the
    **configuration**"): denied with it, as the thing the relation is to; empty where none follows."""
    k = next(i for i, w in enumerate(ws) if w is head)
    if k + 1 >= len(ws) or ws[k + 1].text != "of":
        return []
    rest = [x for j, x in enumerate(ws[k + 2:k + 2 + MAX_SLOT], k + 2) if not _filler(x, ws[j - 1])]
    return [x for x in rest[:1] if not name(x) and not specific.is_number(x.text)]


_VOWELS = re.compile(r"(?<!^)[aeiouy]+")


def _frame(key: str) -> str:
    """The consonants of an English word after its first letter's, where there are three or more:
    a strong verb's tenses share them ("withdraw" / "withdrew", "begin" / "began", "write" /
    "wrote"); empty for any other word."""
    frame = _VOWELS.sub("", key) if key.isascii() and key.isalpha() else ""
    return frame if len(frame) >= 3 else ""


def _lone_run(ws: Sequence[Word], start: int) -> str:
    """The word the vocabulary cut into lone CJK characters from ``start`` on (反压 of 没有反压,
    read 反 压), two characters or more: one content word, not fillers; empty if none."""
    end = start
    while end < len(ws) and ws[end].cjk and len(ws[end].text) == 1:
        end += 1
    return "".join(w.text for w in ws[start:end]) if end - start >= 2 else ""


def _runs(ws: Sequence[Word]) -> set[str]:
    """Every run of lone CJK characters of ``ws`` (``_lone_run``), as one word."""
    return {run for k in range(len(ws)) if (run := _lone_run(ws, k))}


def _denied_action(line: Sequence[Word], source: Sequence[Word]) -> bool:
    """Whether ``line`` denies what ``source``, with no negation and no count of none anywhere,
    says happened, in any place: "the rule was never restored" against "m.reyes **restored** the
    rule", "错误率仍没有恢复" against "错误率**恢复**到 0.3%" (the verb moved, which a slot does not
    see)."""
    denied = _denied_words(line)
    if not denied or any(negation(w, source[i - 1] if i else None) for i, w in enumerate(source)) \
            or any(_zero(w) for w in source):
        return False
    held = {w.key for w in source} | {Word(t, False).key for w in source if not w.cjk
                                      for t in w.text.split(":")[1:] if t.isalpha()}
    frames = {_frame(w.key) for w in source} - {""}
    runs = _runs(source)
    nouns = _related(line, denied)  # "not part of": a noun of relation, no verb's tense ("port" is no "part")
    return any(w.key in held or (w.key not in nouns and _frame(w.key) in frames)
               or (w.cjk and len(w.key) > 1 and any(w.key in r for r in runs)) for w in denied)


def _related(ws: Sequence[Word], denied: Sequence[Word]) -> set[str]:
    """The keys of the denied words that are a noun of relation and its object ("not **part** of the
    **configuration**"): nouns, never a strong verb's other tense."""
    return {x.key for w in denied if any(v is w for v in ws) for obj in [_of_object(ws, w)] if obj for x in (w, *obj)}


def denies(line: str, source: str) -> bool:
    """Whether one of ``line`` and ``source`` denies an event the other, negating nothing, tells."""
    lw, sw = words(line), words(source)
    return _denied_action(lw, sw) or _denied_action(sw, lw)


denied_things = _denied_things
zero = _zero


def has_negation(text: str) -> bool:
    ws = words(text)
    return any(negation(w, ws[i - 1] if i else None) in ("neg", "fail") for i, w in enumerate(ws))
