"""A result joined with no word of cause: "X, failing the run", "X，使 DAG 运行失败".

A clause opened by a present participle after a comma ("the alarm went into ALARM at 13:18,
failing the nightly run") tells what the main clause brought about, as "so" does; in Chinese a
clause opened by a causative verb (使, 使得, 致使, 令, 让: "…，使 DAG 运行失败") does the same. Where
the two clauses are facts of two items, the line asserts a link between them that no item gives.

English -ing words that open a phrase without telling a result are not of the form: the
prepositions and time phrases spelled as participles (including, according, following, during,
pending, starting, …) and words that are no verb form: a verb's -ing form keeps a vowel before
its ending ("using up", "doing", "failing"); "thing", "bring", "string" keep none.
"""

from __future__ import annotations

import itertools
import re

from app.domain import denial, specific

_NOT_RESULT = frozenset(
    "including excluding according regarding concerning following during pending considering notwithstanding "
    "barring starting beginning ending totalling totaling averaging peaking reading showing saying".split())
"""-ing words after a comma that tell no result: prepositions, and the words introducing a value."""
_PARTICIPLE = re.compile(r"[,，]\s*([a-z]*[aeiouy][a-z]*?ing)(?=\s)")
"""A lower-case word in -ing, a vowel before its ending, opening a clause, followed by a space: not a
name (billing-worker)."""
_CAUSATIVE = re.compile(r"[,，]\s*(?:使得|致使|使|令|让)")


def result_joined(line: str) -> bool:
    """Whether ``line`` joins a clause telling a result of the one before it (see the module)."""
    return any(m.group(1).casefold() not in _NOT_RESULT for m in _PARTICIPLE.finditer(line)) \
        or _CAUSATIVE.search(line) is not None


_RISE_OR_FALL = re.compile(r"(?i)(?<![\w-])(?:rose|rising|climbed|climbing|jumped|jumping|spiked|spiking|surged|surging"
                           r"|soared|went\s+up|shot\s+up|fell|falling|dropped\s+to|plunged|went\s+down)(?![\w-])"
                           r"|升到|升至|涨到|涨至|上升|飙升|暴涨|跳到|降到|降至|下降|跌到|跌至")
"""A clause telling a value's move up or down, as a line tells it."""
_MOVE_KIN = re.compile(r"(?i)ris|rose|climb|jump|spik|surg|soar|up\b|increas|grew|grow|fell|fall|drop|plung|down\b"
                       r"|decreas|declin|->|→|升|涨|增|跳|暴|降|跌|减|回落|变为|从")
"""A move of any kind, as an item may tell it ("6.4M, up from 1.2M", "升至", "→")."""
_LATER = re.compile(r"[,，]")


def drawn_move(line: str, clause_items: list[tuple[str, str]]) -> bool:
    """Whether a clause of ``line`` after the first, joined by a comma alone, tells a move up or
    down that its own item (``clause_items``: each clause with the item it is traced to) tells no
    move of at all: "赵敏 发布 checkout-api v2.31.0，payment-gw 5xx 比例升到 8.2%" of an item giving the
    share as a level ("比例为 8.2%"). The move is the line's own, drawn from the clause before it as
    its result, as a participle draws it (``result_joined``)."""
    if len(clause_items) < 2 or not _LATER.search(line):
        return False
    return any(_RISE_OR_FALL.search(clause) is not None and _MOVE_KIN.search(item) is None
               and not _reading(before) for (before, _), (clause, item) in itertools.pairwise(clause_items))


def _reading(clause: str) -> bool:
    """Whether ``clause`` gives a value (a quantity, no time nor version): the move after it is from
    that reading ("为 220 秒，10:09:00 升到 380 秒"), not drawn from an event."""
    return any(denial.quantity_of(t) is not None for t in specific.specific_tokens(clause))
