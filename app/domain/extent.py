"""Words of time, frequency and extent: by their class, they say something about the world.

"kestrel-02 has been DOWN since yesterday", "每小时重平衡一次", "redis 已持续一周", "Every backend
is DOWN", "only node-3 is under pressure": each restates a true line and adds a claim the line
does not make (when it began, how often, for how long, how far it reaches). Such a word is made
of common words, so the common-word vocabulary does not single it out; its *class* does. A word
of these classes is specific
(``app.domain.specific``): a line may carry it only where its item says it too.

- Chinese: text is cut into words (``app.domain.specific.cjk_segments``), each tagged by jieba's
  dictionary (``app.domain.zh``);
  a time word (tag ``t``: 昨晚, 目前, 近期) or a numeral-quantity word (tag ``m``: 一周, 多次, 几次)
  is of the class, of two characters or more (a lone 年 or 日 is the measure word of its number),
  and not a numeral before a verb or a direction (一下, 一起: a complement of manner). Numerals
  other than 一 name a number already (``specific``); weekdays are dates (``app.domain.dates``).
- Both languages: the closed classes of grammar that set how far a claim reaches (universal and
  distributive quantifiers: all, every, 所有, 全部, 任何, 一切, any word led by 每 "every", and 都,
  均 "all of them" where the line lists no members before it;
  exclusive ones, that it reaches nothing else: only, solely, 仅, 只有, 唯一); of
  frequency (always, often, repeatedly); and, in English, the nouns of time (the time units of
  ``app.domain.units``, week, night, …), their adverbs (hourly, nightly) and the deictic time
  adverbs (yesterday, tonight, ago), as the number words and day names are closed classes.

Words that stretch a value over a whole span (a total, the whole of a time: in total, throughout,
一共, 全程) are judged against the item a line is traced to (``stretched``): a reading at one time
or a count in a window is no total.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

from app.domain import dates, units, zh

log = logging.getLogger(__name__)

_TIME_NOUNS = frozenset({u for u, (dim, _) in units.UNITS.items() if dim == "time" and u.isascii() and len(u) > 3
                        and u != "second"}  # "a second replica": an ordinal as often as a unit
                       | {"day", "week", "month", "year", "night", "morning", "afternoon", "evening", "weekend",
                          "fortnight", "decade"})
"""English nouns of time: the time units written as words, and the calendar's spans."""
_EN_CLASS = frozenset(
    # deictic time adverbs: when, relative to now
    "yesterday today tonight tomorrow ago recently lately overnight previously formerly "
    # frequency adverbs: how often
    "always often frequently repeatedly constantly continually continuously regularly periodically "
    "occasionally sometimes usually never "
    # universal quantifiers: how far a claim reaches ("each", "whole", "entire" are left out: they
    # distribute over or measure one named thing, "each player", "as a whole")
    "all every everything everyone everywhere "
    # exclusive quantifiers: that it reaches nothing else ("just" is left out: mostly "a moment ago")
    "only solely exclusively".split())
_ZH_CLASS = frozenset("所有 全部 一切 任何 全体 经常 总是 一直 频繁 反复 偶尔 始终 屡次 从未 从来 从来不 从没 "
                      "仅 仅仅 仅有 只有 唯一 唯有".split())
"""Chinese words of the same grammatical classes that the tagger files elsewhere (所有 as a
distinguishing word, 一直 as an adverb; 从未, 从来 "at no time ever", the frequency of none, which
widens a line's one denied occasion to every one: "trap 清理从未执行过" of "02:00 实例 … trap 清理未
执行"). English "never" is of the class as 从未 is: "orders-cdc was never restarted" of "not yet
restarted" at one time widens a bounded denial to every time, and "never logged a PANIC" denies at
every time what its item tells once. A denial its readings witness ("never reached 50% (48% at
09:00, 40% at 10:00)", ``denial``) is read without its negators, and so without the word."""
_ZH_NUMERALS = "二两三四五六七八九十百千万亿零〇"
ZH_ALL = frozenset("都 均".split())
"""The adverbs that say a predicate holds of every member of a set ("三个数据节点都超过了…"): of the
class where the words before them list no members (和, 与, 及, 、: "A 和 B 都…" names each one); one
adverb in two spellings, so an item saying either holds a line saying the other."""
_LISTED = re.compile(r"[和与及、跟同]")
_TAGS = (zh.TIME, zh.QUANTITY)


def english(word: str) -> bool:
    """Whether an English word (any case) is of the class: a time noun (with its plural or -ly
    adverb: days, nightly), a deictic time adverb, a frequency adverb, a universal or an exclusive
    quantifier."""
    w = word.lower()
    if w in _EN_CLASS or w in _TIME_NOUNS:
        return True
    for end in ("s", "ly", "ies"):
        stem = w.removesuffix(end) if w.endswith(end) else ""
        if stem and (stem in _TIME_NOUNS or stem + "y" in _TIME_NOUNS):
            return True
    return w in ("daily",)  # day + ly, spelt with an i


def chinese(word: str, before: str = "") -> bool:
    """Whether a Chinese word (one word of a cut run: ``app.domain.specific.cjk_segments``, with
    ``before`` the run's text before it) is of the class: tagged a time or a numeral-quantity word,
    of the closed classes above, or an adverb of all (``ZH_ALL``) after no list of members and no
    word led by 每 (the 每 word is of the class itself: its item must say it, and 都 adds nothing)."""
    if word in _ZH_CLASS or word.startswith("每"):
        return True
    if word in ZH_ALL:  # not after a word led by 每, which says it alone ("每次都从 1835 恢复": 每次)
        return _LISTED.search(before) is None and re.search(r"每[\u4e00-\u9fff]{1,2}$", before) is None
    if len(word) < 2 or zh.tag(word) not in _TAGS or any(ch in _ZH_NUMERALS for ch in word) \
            or dates.day_or_month(word) is not None or re.search(r"[\u4e00-\u9fff]", word) is None:
        return False  # a lone 年, 月, 日 is the measure word of the number before it (specific)
    # 一下, 一起: a numeral before a verb or a direction is a complement of manner, not a quantity
    return not (zh.tag(word) == zh.QUANTITY and len(word) == 2 and zh.tag(word[1]) in (zh.VERB, zh.DIRECTION))


_ALL_BEFORE = re.compile(r"(?P<all>[都均])(?P<aux>\s*(?:被|已经|已)?\s*)(?P<verb>[\u4e00-\u9fff]{2})")


def all_as_held(text: str, material: str) -> str:
    """``text`` with each adverb of all (``ZH_ALL``) written 全部 where ``material`` (the items holding
    every other specific token of ``text``) says 全部 before the same verb ("16 个队列的 offset 都被重置"
    of "16 个队列上 offset 全部重置"): one universal on one predicate, in the item's spelling. An
    adverb before a verb the material's 全部 does not stand before ("16 个队列都待消费 2314560 条": the
    count is the queues' total, not each one's) stays."""
    def held(m: re.Match[str]) -> str:
        said = re.search(rf"全部\s*(?:被|已经|已)?\s*{re.escape(m['verb'])}", material)
        return f"全部{m['aux']}{m['verb']}" if said else m.group(0)
    return _ALL_BEFORE.sub(held, text)


_CLAUSE_END = re.compile(r"[。；;！？!?\n，,]")


def listed_all(text: str, segments: Callable[[str], list[tuple[str, bool]]]) -> str:
    """``text`` without each adverb of all (``ZH_ALL``) that follows a list of members in its
    clause ("ls-1 与 ls-2 都被拒绝" → "ls-1 与 ls-2 被拒绝"): each member is named, and each clause the
    line is cut into is judged by its own line, without the list before it. ``segments`` cuts a run
    of CJK text into words (``app.domain.specific.cjk_segments``)."""
    out, at = [], 0
    for run in re.finditer(r"[\u4e00-\u9fff]+", text):
        pos = run.start()
        for word, _ in segments(run.group()):
            before = _CLAUSE_END.split(text[:pos])[-1]
            if word in ZH_ALL and _LISTED.search(before):
                out.append(text[at:pos])
                at = pos + len(word)
            pos += len(word)
    return "".join(out) + text[at:]


_WHOLE = re.compile(r"(?i)\bthroughout\b|\baltogether\b|\bin\s+total\b|\ball\s+told\b|\ball\s+along\b|"
                    r"\b(?:the\s+)?(?:whole|entire)\s+(?:incident|outage|window|time|period|day|night)\b|"
                    r"一共|总共|共计|合计|总计|全程|整个(?:故障|事件|期间|过程)")
"""Words that stretch a value over a whole span: a total (in total, altogether, 一共, 总共, 合计) or
the whole of a time (throughout, the entire incident, 全程). Not in a word cut: jieba cuts
"工单一共" as 工 单一 共."""


def stretched(line: str, item: str) -> str | None:
    """The word of ``line`` that stretches what it says over a whole span (``_WHOLE``: "0
    connection errors throughout the incident", "一共只有 47 个") where ``item`` gives its value
    at one time or in a window and says no such word; None when there is none."""
    said = _WHOLE.search(line)
    return said.group() if said and _WHOLE.search(item) is None else None


_EACH = re.compile(r"(?i)\beach\b|\bapiece\b|各(?![种类样式界位地])|每(?![秒分时小天日周月年次])")
"""Words that distribute a value over the members of a set: each, apiece, 各, 每 (每个, 每台; not 每秒,
每天: a rate or a frequency, over time, not members)."""
_TOTAL = re.compile(r"(?i)\bin\s+total\b|\ba\s+total\s+of\b|\btotal\b|\baltogether\b|\bcombined\b|\boverall\b|"
                    r"\ball\s+told\b|\bsum\b|一共|总共|共计|合计|总计|累计|总(?:数|量|和|额)|(?<!公)共(?![享同识用存])")
"""Words that give a value as the whole's total: in total, a total of, combined, 共, 合计, 总数."""
_ITEM_CLAUSE = re.compile(r"[。；;！？!?\n，]|,(?!\d{3})|\.(?!\d)")
_NUMBER = re.compile(r"(?<![\d.:,-])\d{1,3}(?:,\d{3})+(?![\d:])|(?<![\d.:,-])\d+(?:\.\d+)?(?![\d:])")


def _plain(number: str) -> str:
    return number.replace(",", "")


def _totals(item: str) -> set[str]:
    """The values ``item`` gives as a total: in each clause with a word of total (``_TOTAL``), the
    number written nearest that word ("2314560 messages pending in total", "共积压 2314560 条")."""
    out = set()
    for clause in _ITEM_CLAUSE.split(item):
        for word in _TOTAL.finditer(clause):
            near = min(_NUMBER.finditer(clause), default=None,
                       key=lambda n: min(abs(n.start() - word.end()), abs(word.start() - n.end())))
            if near is not None:
                out.add(_plain(near.group()))
    return out


def _per_member(item: str) -> set[str]:
    """The values ``item`` gives per member: those of a clause with a word of each-ness and none of
    total ("12 partitions in total, 4 each": 4)."""
    return {_plain(n.group()) for clause in _ITEM_CLAUSE.split(item)
            if _EACH.search(clause) and not _TOTAL.search(clause) for n in _NUMBER.finditer(clause)}


def distributed(line: str, item: str) -> str | None:
    """The word of ``line`` that gives each member of a set a value ``item`` gives as the set's
    total (``_EACH``: "each of the 16 queues had 2314560 messages pending", "16 个队列各积压 2314560 条"
    of "the 16 queues have 2314560 pending in total", "16 个队列共积压 2314560 条"): a value each-ness
    distributes must be one the item gives per member; None when the line distributes no value
    its item totals, or says itself that it is a total."""
    each = _EACH.search(line)
    if each is None or _TOTAL.search(line) is not None:
        return None
    totals = _totals(item) - _per_member(item)
    counts = {_plain(m.group("n") or m.group("n2")) for m in _SET_COUNT.finditer(line)}
    return each.group() if any(_plain(n.group()) in totals - counts for n in _NUMBER.finditer(line)) else None


_SET_COUNT = re.compile(r"(?i)\b(?:each|every\s+one)\s+of\s+(?:the\s+)?(?P<n>\d[\d,]*)|"
                        r"(?P<n2>\d[\d,]*)\s*(?:[\u4e00-\u9fff]{1,5}|(?:[\w-]+\s+){1,4})\s*(?:\beach\b|各|每)")
"""The count of the set each-ness distributes over ("each of the 16 queues", "16 个队列各"): the
members' number, not a value given to each."""
