"""States: the closed classes of what state a thing is in, or what became of it, that operations logs
and runbooks write, read by ``app.domain.slots`` as more of its classes.

Each class answers one question about the thing a line is about, and its answers exclude each other
for one thing at one time: is it running, paused or stopped; is it (still) there or gone; does an
activity go on or has it ceased; is it enabled or disabled; healthy, degraded or unhealthy (正常,
异常); is a link up or down; is a request allowed or denied; is it locked; mounted; attached; which
copy of the data it is (primary or replica); is it in sync; is a credential valid or expired; is a
circuit breaker open, half-open or closed. A line that puts one answer for another ("was paused" for
"was cancelled", 仍在 for 已移除, "session down" for "established") keeps every token of its item, and
only the class tells it.

A value is written as ``(English, Chinese)`` the way ``slots.SlotClass`` reads it: an English
pattern matched as a whole word, case-folded; Chinese words matched as written. A negated answer is
the opposite one where the class has two ("not running" is stopped, 未挂载 is unmounted): an answer
is not read after a negator (``UNDENIED``, ``NOT_ZH``), and its negation is spelled in the other
value where that is one answer ("not stopped" is running; "not running" may be paused or stopped,
and is none). Words of other senses are kept out by their shape ("stopped sending" is an activity that
ceased, not a stopped process; "scaled down" is no link state) or by ``about``: what an item must
name for its answer to count (a link, a session, a circuit breaker)."""

from __future__ import annotations

import re

_NEGATED = sorted({f"{neg} {mid}" for neg in ("not", "n't", "never", "no", "no longer", "without")
                   for mid in ("", "yet ", "been ", "yet been ", "be ", "being ", "a ")}, key=len)
UNDENIED = "".join("(?<!{})".format("|".join(re.escape(w).replace(r"\ ", r"\s") for w in _NEGATED if len(w) == n))
                   for n in sorted({len(w) for w in _NEGATED}))
"""Not after a negator, whatever auxiliary comes between ("not running", "hasn't been enabled",
"without a restart")."""

_NOT = r"(?:not|never|\w+n't|no\s+longer)\s+(?:yet\s+)?(?:be\s+|been\s+|being\s+)?"
"""A negator before a state word, with its auxiliaries: the state negated is the other answer."""
NEGATED_STATE = _NOT

NOT_ZH = "(?<![未没不非无])(?<!没有|尚未)"
"""Not after a Chinese negator (未挂载, 没有停止, 不正常)."""

_RUNS_ZH = "进程|作业|调度"
"""What runs, in Chinese: 恢复 of one of them (恢复了 … 进程, 进程已恢复) is its run resumed, the answer
"paused" turned round; of anything else (恢复原路径, 告警恢复, 恢复健康), or to a value (恢复为 /healthz)
or before another verb of the clause (…并暂停了 … 进程), it is a restore or a recovery."""

_ING = r"(?!\s+(?:\w+ing|to)(?![\w-]))"
"""Not followed by an activity ("stopped advertising", "kept sending": a class of their own)."""


Value = tuple[str, tuple[str, ...]]
StateClass = tuple[str, tuple[Value, ...], str]


def undenied(values: tuple[Value, ...]) -> tuple[Value, ...]:
    """``values`` read only where no negator comes before them: an action an item says was not
    done ("reloaded, no restart", 未重启) is no answer it gives."""
    return guarded(tuple((rf"{UNDENIED}(?:{en})", tuple(f"{NOT_ZH}(?:{zh})" for zh in zhs)) for en, zhs in values))


def guarded(values: tuple[Value, ...]) -> tuple[Value, ...]:
    """``values`` with each negator check put after a look-ahead for the word it guards: the same
    matches, but the many look-behinds are tried only where the word is (a pattern is searched at
    every position of every line traced)."""
    return tuple((_guard(en), tuple(_guard(zh) for zh in zhs)) for en, zhs in values)


def _guard(pattern: str) -> str:
    """``pattern`` with a look-ahead for the group after each negator check, before the check."""
    out: list[str] = []
    i = 0
    while True:
        k = min((j for j in (pattern.find(UNDENIED, i), pattern.find(NOT_ZH, i)) if j >= 0), default=-1)
        if k < 0:
            return "".join(out) + pattern[i:]
        check = UNDENIED if pattern.startswith(UNDENIED, k) else NOT_ZH
        start = k + len(check)
        end = _group_end(pattern, start)
        out += [pattern[i:k], f"(?={pattern[start:end]})", check]
        i = start


def _group_end(pattern: str, start: int) -> int:
    """The end of the group at ``start`` (a parenthesised group, or a run of CJK ideographs)."""
    if pattern.startswith("(", start):
        depth = 0
        for j in range(start, len(pattern)):
            if pattern[j] == "\\":
                continue
            depth += {"(": 1, ")": -1}.get(pattern[j], 0) if pattern[j - 1] != "\\" else 0
            if depth == 0:
                return j + 1
    end = start
    while end < len(pattern) and "\u4e00" <= pattern[end] <= "\u9fff":
        end += 1
    return end

_CLASSES: tuple[StateClass, ...] = (
    ("run state", (
        (rf"(?:is|are|was|were|still|now|kept|keeps|be|been|back|again)\s+running|running\s+again"
         rf"|up\s+and\s+running|{UNDENIED}(?:resum\w*|unpaus\w*)|{_NOT}(?:stopped|halted|terminated)",
         ("运行中", "正在运行", "仍在运行", "恢复运行", "继续运行", "已恢复执行",
          f"{NOT_ZH}恢复(?=了?(?:(?![并和且])[^，,。；;为成到至])*?(?:{_RUNS_ZH}))",
          f"(?:{_RUNS_ZH})\\s*(?:已|又|重新)?恢复")),
        (rf"{UNDENIED}(?:paus(?:e|ed|es|ing)|suspend(?:ed|s|ing)?|on\s+hold){_ING}",
         (f"{NOT_ZH}暂停", f"{NOT_ZH}挂起")),
        (rf"{UNDENIED}(?:stopped|stopping|halted|terminated|terminating|killed|shut\s+down|exited"
         rf"|cancell?ed|cancell?ing|aborted){_ING}",
         (f"{NOT_ZH}停止", "停机", f"{NOT_ZH}终止", f"{NOT_ZH}取消", "中止", "已退出", "被杀",
          "未运行", "没有运行")),
    ), ""),
    ("presence", (
        (rf"{UNDENIED}(?:added|adding|inserted|appended|installed|applied|set(?!\s+(?:to|back|up)(?![\w-]))"
         rf"|retained|preserved|present"
         rf"|kept(?!\s+\w+ing))|still\s+(?:there|in\s+place|listed|configured)"
         rf"|{_NOT}(?:removed|deleted|dropped|missing)",
         ("新增", "添加", "加入", "保留", "仍在", "仍然存在", "依然存在", "未移除", "未删除", "没有删除", "没有移除")),
        (rf"{UNDENIED}(?:removed|removing|deleted|deleting|dropped(?!\s+(?:to|from|by|below|under))"
         rf"|purged|missing|absent|gone)|{_NOT}(?:present|there|added|kept|retained)",
         (f"{NOT_ZH}移除", f"{NOT_ZH}删除", "已删", "去掉", "缺失", "不存在", "已不在")),
    ), ""),
    ("enablement", (
        (rf"{UNDENIED}(?:enabled|enabling|re-?enabled|activated|turned\s+on|switched\s+on)"
         rf"|{_NOT}(?:disabled|deactivated)",
         (f"{NOT_ZH}启用", f"{NOT_ZH}开启", "未禁用", "没有禁用")),
        (rf"{UNDENIED}(?:disabled|disabling|deactivated|turned\s+off|switched\s+off)"
         rf"|{_NOT}(?:enabled|activated)",
         (f"{NOT_ZH}禁用", f"{NOT_ZH}停用", "未启用", "没有启用", "未开启")),
    ), ""),
    ("health", (
        (rf"{UNDENIED}(?:healthy|recovered)|back\s+to\s+normal|{_NOT}(?:unhealthy|degraded)",
         (f"{NOT_ZH}正常", f"{NOT_ZH}健康", "无异常", "没有异常", "未见异常")),
        (rf"{UNDENIED}degraded", ("亚健康", "性能下降")),
        (rf"unhealthy|abnormal|{_NOT}(?:healthy|normal)", (f"{NOT_ZH}异常", "不健康", "不正常", "非正常")),
    ), ""),
    ("access", (
        (rf"{UNDENIED}(?:allowed|permitted|granted|authori[sz]ed|approved|succeed(?:s|ed|ing)?)"
         rf"|{_NOT}(?:denied|rejected|refused|forbidden|blocked)",
         (f"{NOT_ZH}允许", "放行", "授权通过", "审批通过", "未拒绝", "没有拒绝")),
        (rf"{UNDENIED}(?:denied|deny|denies|rejected|rejects|refused|refuses|forbidden|unauthori[sz]ed|403)"
         rf"|{_NOT}(?:allowed|permitted|granted|authori[sz]ed|approved)",
         (f"{NOT_ZH}拒绝", "被拒", "禁止访问", "无权限", "不允许", "未授权", "未通过")),
    ), ""),
    ("lock", (
        (rf"{UNDENIED}locked|{_NOT}unlocked", (f"{NOT_ZH}锁定", f"{NOT_ZH}加锁", f"{NOT_ZH}上锁")),
        (rf"unlocked|{_NOT}locked", ("解锁", "解除锁定", "未锁定", "没有锁定")),
    ), ""),
    ("mount", (
        (rf"{UNDENIED}(?<!un)mounted|{_NOT}unmounted", (f"{NOT_ZH}(?<!卸)挂载(?!失败)",)),
        (rf"unmounted|umounted|{_NOT}mounted", ("卸载", "未挂载", "没有挂载", "挂载失败")),
    ), ""),
    ("attachment", (
        (rf"{UNDENIED}attached|{_NOT}detached", (f"{NOT_ZH}挂接", f"{NOT_ZH}附加到")),
        (rf"detached|{_NOT}attached", ("分离", "解绑", "卸下", "未挂接")),
    ), ""),
    ("replica role", (
        (r"primary|master|writer", ("主库", "主实例", "写实例")),
        (r"replicas?|secondary|secondaries|slaves?|standby|read-?only\s+replica|reader",
         ("从库", "备库", "副本", "备实例", "只读实例", "读实例")),
    ), r"(?<![\w-])(?:db|database|databases|replicas?|replication|postgres\w*|mysql|mongo\w*|redis|rds\S*"
       r"|cluster|shards?|instances?)(?![\w-])|数据库|复制|实例|集群"),
    ("sync", (
        (rf"{UNDENIED}(?:synced|in\s+sync|caught\s+up|up\s+to\s+date)", (f"{NOT_ZH}(?:已同步|同步完成|追上)",)),
        (r"out\s+of\s+sync|lagging|behind|desynced|not\s+(?:yet\s+)?(?:synced|in\s+sync|caught\s+up)",
         ("不同步", "未同步", "落后", "没有追上")),
    ), ""),
    ("validity", (
        (rf"{UNDENIED}(?:valid|renewed)|{_NOT}(?:expired|revoked)", (f"{NOT_ZH}有效", "已续期", "续期成功", "未过期")),
        (rf"{UNDENIED}(?:expired|expires|revoked|invalid)|{_NOT}valid",
         (f"{NOT_ZH}过期", "失效", "吊销", "无效")),
    ), ""),
    ("breaker", (
        (r"(?<!half[\s-])open|opened|tripped", (r"(?<!半)(?:打开|开启)", "熔断触发")),
        (r"half[\s-]open", ("半开",)),
        (r"closed|reset", ("关闭", "闭合")),
    ), r"(?<![\w-])(?:circuit|breakers?)(?![\w-])|熔断"),
)
"""The classes as written (``CLASSES`` are guarded: ``guarded``), each ``(name, values, about)``: a
thing's run (running or resumed; paused or suspended; stopped, terminated, cancelled), its presence
(added, kept, still there; removed, dropped, missing), its being enabled, its health (healthy, 正常;
degraded; unhealthy, 异常), a request's access (allowed, succeeding; denied, rejected, 403), a
lock, a mount, an attachment, the copy of a database it is (primary; replica, standby), its sync (in
sync; lagging), a credential's validity (valid; expired, revoked), and a circuit breaker's state
(open; half-open; closed). An activity going on or having ceased is ``app.domain.persistence``'s,
and a link's state (up; down) a class of ``app.domain.slots``."""
CLASSES = tuple((name, guarded(values), about) for name, values, about in _CLASSES)

