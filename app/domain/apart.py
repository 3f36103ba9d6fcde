"""Who did it, in Chinese: a line may not give its event an agent its item does not name.

Chinese logs write a person as a run of characters set apart by spaces or punctuation ("运维日志：孙浩
逐个重启 …", "通知值班 周立"), a run the common vocabulary does not hold as a word: the cut reads it
as single characters (周 立), each common, so it is no specific token, and "由 周立 重启" reads as
wording. A line names its agent in a place of grammar: after the passive's marker (由, 被, 经) or
opening the line, before its verb ("周立 重启了 …"). An agent so named and set apart, a run the
vocabulary cuts into single characters, that the line's item does not hold is not the item's: it
moves another item's person onto this item's event where another item sets it apart
("pay-svc-7f9-q2 … 是由 周立 重启的" where 孙浩 restarted them and 周立 acknowledged an alert), and
it names someone the item does not where it opens with a surname (``SURNAMES``), as a handle
(``k.osei``) does by its form, whatever else the material holds: "赵敏 执行 dropIndex 中止了索引构建"
of a runbook's step ("在主节点上 dropIndex 中止构建") that says no one did it. Set apart alone, a run
is no person: the cut reads words it does not hold (告警, 工单, 参数改回) as single characters too. A
run the vocabulary holds (上线, 重启) is a word, not a name."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from app.domain import specific
from app.domain.text import canonical

_APART = re.compile(r"(?:(?<=[\s:,;、()（）：，；])|^)([\u4e00-\u9fff]{2,4})(?=[\s:,;、()（）：，；。]|$)")
_NUMBER_BEFORE = re.compile(r"\d\s*$")
_AGENT = re.compile(r"(?:^\s*(?:\d{1,2}:\d{2}(?::\d{2})?\s*)?|(?:由|被|经|是)\s*)([\u4e00-\u9fff]{2,4})(?=\s)")
"""The agent's place: after the passive's marker, after the copula of a cleft ("是 周立 重启的", the
one who did it), or opening the line (after its time)."""
SURNAMES = frozenset("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶"
                     "程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝"
                     "龚邵万钱严覃武戴莫孔向汤")
"""The hundred commonest Chinese surnames (most people's): a closed class, as a language's
determiners are. A person's name opens with one."""


@functools.lru_cache(maxsize=16_384)
def names(text: str) -> frozenset[str]:
    """The runs of ``text`` set apart by spaces or punctuation that the vocabulary cuts into single
    characters only: names by their form."""
    return frozenset(run for run in _APART.findall(canonical(text))
                     if all(len(w) == 1 for w, _ in specific.cjk_segments(run)))


def agents(line: str) -> frozenset[str]:
    """The names ``line`` gives in the agent's place (see the module)."""
    return frozenset(m.group(1) for m in _AGENT.finditer(canonical(line))) & names(line)


def moved_agent(line: str, item: str, others: Sequence[str]) -> str | None:
    """The agent ``line`` names that ``item`` does not hold, where another of ``others`` sets it
    apart or it opens with a surname; None when there is none."""
    return next((n for n in sorted(agents(line)) if n not in item
                 and (n[0] in SURNAMES or any(n in names(o) for o in others))), None)


def unheld_person(line: str, item: str) -> str | None:
    """A person ``line`` names in any place (a run set apart that opens with a surname: "是 赵敏 把
    gpu-a08 设为 cordon") that ``item`` does not hold: a name, as specific as a handle; None when
    there is none. A run right after a number is its unit or what it counts ("约 12.4 万条": 万 opens
    it as a surname would), never a person."""
    text = canonical(line)
    counted = {m.group(1) for m in _APART.finditer(text) if _NUMBER_BEFORE.search(text[:m.start()])}
    return next((n for n in sorted(names(line) - counted) if n[0] in SURNAMES and n not in canonical(item)), None)


def person(clause: str) -> str | None:
    """The person ``clause`` is and nothing else (" 刘洋", a list's member after 和 or 、): a name
    set apart opening with a surname; None when it is anything else."""
    run = canonical(clause).strip()
    return run if run[:1] in SURNAMES and run in names(f" {run} ") else None


def last_person(text: str) -> tuple[int, int] | None:
    """Where the last person ``text`` names (a name set apart opening with a surname) stands in its
    canonical form; None when it names none."""
    flat = canonical(text)
    found = [m.span(1) for m in _APART.finditer(flat) if m.group(1)[0] in SURNAMES and m.group(1) in names(text)]
    return found[-1] if found else None
