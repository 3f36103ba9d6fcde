"""What a material item forbids is no step to take.

A runbook says what not to do as plainly as what to do: "do not roll the whole namespace back to
PERMISSIVE", "不要对整个桶发起取回". A next step "Roll namespace payments back to PERMISSIVE" holds
the words of that line, its instruction among them, and so is traced to the material; it tells
the user to do what the material tells them not to. The words of a prohibition are a closed class
of grammar (do not, don't, never, must not, should not; 不要, 不得, 禁止, 切勿, 请勿, 勿, 严禁), and
what they forbid runs to the end of their clause. Whether an action is that step (its instruction
and most of what it acts on) is ``provenance.forbidden``'s.
"""

from __future__ import annotations

import re

_PROHIBITION = re.compile(r"(?i)\b(?:do\s+not|don't|never|must\s+not|should\s+not|shall\s+not)\s+"
                          r"|不要|不得|禁止|切勿|请勿|严禁|(?<![\u4e00-\u9fff])勿")
_CLAUSE_END = re.compile(r"[.;,，；。:：!?！？]\s|[，；。：！？]|[.;]$")


def clauses(text: str) -> list[str]:
    """What ``text`` forbids: each prohibition's words up to the end of its clause."""
    out = []
    for m in _PROHIBITION.finditer(text):
        rest = text[m.end():]
        end = _CLAUSE_END.search(rest)
        said = rest[:end.start()] if end else rest
        if said.strip():
            out.append(said.strip())
    return out
