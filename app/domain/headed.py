"""A value given the qualifier of another value that shares its label word.

A log line often gives two quantities one label word told apart by the word before it: "inode
usage 78%, disk usage only 31%", "inode 使用率 78%（…），磁盘空间使用率仅 31%". Each number is read by
the content words before it in its clause (fillers skipped, nearest first). Where two numbers of
the item share a word among their ``_SPAN`` nearest (usage, 使用率), the word right before it in
each is what tells the two apart (inode, disk; inode, 空间). A line giving one number with that
shared word among its nearest words, and right before it the other number's word, not its own
("disk usage was 78%", "磁盘空间使用率为 78%"), moves the value to the other quantity: every token
of it is in the item, so nothing else tells it."""

from __future__ import annotations

from app.domain import alignment, specific
from app.domain.measures import CLAUSE, merged
from app.domain.text import canonical

_SPAN = 3
"""The content words before a number read as its label."""


def _before(ws: tuple[alignment.Word, ...], k: int) -> list[str]:
    """The keys of the content words before ``ws[k]`` in its clause, nearest first, up to the
    number before it."""
    words: list[str] = []
    for v in reversed(ws[:k]):
        if specific.is_number(v.text):
            break
        if not alignment.filler(v, None) and not (v.cjk and len(v.text) == 1):
            words.append(v.key)
    return words


def _numbers(text: str) -> list[tuple[str, list[str]]]:
    """``(number, words before it)`` for each number of ``text`` (lone CJK characters of a run
    read as one word)."""
    out = []
    for clause in CLAUSE.split(canonical(text)):
        ws = merged(alignment.words(clause))
        out += [(w.key, _before(ws, k)) for k, w in enumerate(ws) if specific.is_number(w.text)]
    return out


def _qualifier(words: list[str], head: str) -> str:
    """The word right before ``head`` among ``words`` (nearest first), "" for none."""
    k = words.index(head) + 1
    return words[k] if k < len(words) else ""


def moved(line: str, item: str) -> str | None:
    """The number ``line`` gives the qualifier of another number of ``item`` with the same label
    word (see the module); None when there is none."""
    theirs = [(n, ws[:_SPAN]) for n, ws in _numbers(item)]
    for value, words in _numbers(line):
        near = words[:_SPAN + 1]
        for mine in (ws for n, ws in theirs if n == value):
            for other in (ws for n, ws in theirs if n != value):
                for head in (w for w in mine if w in other and w in near):
                    told = _qualifier(near, head)
                    if told and told == _qualifier(other, head) != _qualifier(mine, head):
                        return value
    return None
