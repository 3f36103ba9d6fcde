"""Who did it, within one line: a line may not give its event a person the line names in another
role.

"d.mensah dropped replication slot analytics_cdc … after sign-off from h.tanaka" names two people:
the one opening the part that tells the drop did it, the other only signed off. "h.tanaka dropped
replication slot analytics_cdc" holds every token of it and most of its words. In Chinese, "运维日志：
赵敏 经 刘洋 同意暂停 campaign-1205" and "刘洋 暂停了 campaign-1205" the same way.

The rule: a line's agent is the name (a specific token with a letter, no value) right before its
verb in the past (in Chinese, a name set apart by its form, ``app.domain.apart``, in the agent's
place, its verb the first word after it, or its first two characters where the vocabulary holds no
word there: 回滚). The item's agent of that verb is, in English, a name of the same form right
before it ("d.mensah dropped"); in Chinese, whose verb may stand apart from its agent ("赵敏 经 刘洋
同意暂停"), the first name set apart in the item's part that holds the verb, before it (a part is
what lies between a label's colon, commas and semicolons). Where the item has one, it is another
name, the line names it nowhere, and the item never writes the line's agent right before that
verb, while it holds the line's agent elsewhere (in English, after the event, in another role:
"after sign-off from h.tanaka"; not its source, "cert-manager: Certificate checkout-tls renewed"),
the line gives the event to a name of another role. A verb the item does not hold is not judged
here.
"""

from __future__ import annotations

import re

from app.domain import apart, specific, units
from app.domain.evidence import stem
from app.domain.text import canonical

_PART = re.compile(r"[;；,，：]|:\s")
_EN_AGENT = re.compile(r"(?<![\w.-])([\w][\w.-]*[\w])\s+([a-z]{2,}ed)\b")
"""A name and the verb right after it, in the past as a log tells a step ("d.mensah dropped"):
not a label and its measure ("p99 latency")."""
_ZH_VERB = re.compile(r"\s*(?:[把将]\s*\S+\s*)?([\u4e00-\u9fff]+)")


def _shape(token: str) -> str:
    """A name's form: its runs of letters, digits and marks ("h.tanaka", "d.mensah": ``a.a``)."""
    return re.sub(r"[A-Za-z]+", "a", re.sub(r"\d+", "9", token))


def _en(line: str, item: str) -> str | None:
    tokens = {t for t in specific.specific_tokens(item)
              if re.search(r"[A-Za-z]", t) and not specific.is_number(t) and units.dimension(t) is None}
    text = canonical(item)
    for m in _EN_AGENT.finditer(canonical(line)):
        agent, verb = m.group(1), m.group(2)
        if agent not in tokens:
            continue
        pairs = [a for a in _EN_AGENT.finditer(text) if stem(a.group(2)) == stem(verb)]
        others = {a.group(1) for a in pairs if a.group(1) in tokens and _shape(a.group(1)) == _shape(agent)}
        later = any(agent in text[a.end():] for a in pairs)  # in another role after the event, not its source
        if others and agent not in others and later and not any(o in line for o in others):
            return agent
    return None


def _zh(line: str, item: str) -> str | None:
    held = apart.names(item)
    text = canonical(item)
    for agent in sorted(apart.agents(line) & held):
        m = _ZH_VERB.match(canonical(line), canonical(line).index(agent) + len(agent))
        run = m.group(1) if m else ""
        verb = next((w for w, _ in specific.cjk_segments(run) if len(w) >= 2), run[:2] if len(run) >= 2 else None)
        if verb is None or re.search(rf"{agent}\s*{verb}", text):
            continue
        for part in _PART.split(text):
            if verb not in part:
                continue
            before = [n for n in re.findall(r"[\u4e00-\u9fff]{2,4}", part[:part.index(verb)]) if n in held]
            if before and before[0] != agent and before[0] not in line:
                return agent
    return None


def moved_agent(line: str, item: str) -> str | None:
    """The name ``line`` gives as the agent of an event whose agent in ``item`` is another name of
    its form (see the module); None when there is none."""
    return _en(line, item) or _zh(line, item)
