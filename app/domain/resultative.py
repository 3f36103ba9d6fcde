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

import re

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
