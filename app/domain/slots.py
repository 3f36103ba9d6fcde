"""Slots: a line gives for a slot the value its item gives, not another of its class or another item's.

Some common words answer a question about the thing a line is about, and the possible answers are
few: how severe it is (info, warning, critical; 提示, 警告, 严重), which way a version went
(upgraded; rolled back, reverted, downgraded; 升级; 回滚, 降级), which way a quantity went (rose,
increased; fell, dropped; 上升; 下降), which state a ticket, an incident or an alert is in (open or
firing, acknowledged, escalated, resolved, closed, reopened; 未关闭, 已确认, 升级到二线, 已解决, 已关闭,
重新打开), how a job's run ended or stands (running, succeeded, failed or timed out, skipped,
cancelled; 执行中, 成功, 失败/超时, 跳过, 取消), how far an action has got (started, initiated, in
progress, not yet completed, left unfinished or aborted; completed, finished, succeeded; 开始, 发起,
未完成, 中止; 完成, 结束; or still to come: assigned to someone, due by a date, scheduled or
planned for one; 计划, 截止 2026-12-10, 指派给: "completed postmortem PM-219" of "PM-219 assigned
to m.okafor, due 2026-12-10" tells a task given out as done), which
way a quantity is bounded (less than, within; more than, at least; 不到; 超过: the words of
``chronology.BOUND_WORDS``). Each answer is common, so the common-word
vocabulary does not single it out (``app.domain.specific``), and a line that puts one answer for
another ("severity critical" for "severity warning", "upgraded search-api to v3.7.2" for "rolled
back … to v3.7.2") keeps every specific token and every subject term of its item. The *class* tells it: its members
are alternatives for one slot, so a member the item does not hold, where the item holds another,
is a value the item does not give.

The rule: a line traced to an item answers a class's question as the item does. Where the item
answers it (holds a member of one of the class's values) and the line gives a value of the class
that the item does not give, the line is not traced to that item. Where the item does not answer
it, nothing is judged here ("the rate rose to 4.7%" of a line giving only "4.7%": its specific
tokens judge it); where the item gives several values, the line may give any of them.

The classes are closed, small and semantic (the answers to one question, not a list of bad
phrasings), each in English and Chinese: English members matched as words in any inflection,
Chinese members as written within a run. Some answers are common words of other senses too (a
connection "closed", a version 升级): such a class answers only for an item naming what it is
about (a ticket, an incident, an alert; 故障单, 告警; a job, a cron run, a backup; 任务), and 升级
is an escalation only where its sentence names no version.

An open slot (which container, which process, which service) has no class, but the material
tells its values: a word another item holds, put where the line's item has a word of its own
(one word for one, bound by the words either side that the two share: ``alignment.placed``),
is that other item's value, borrowed: "container envoy in pod …" where the item says "container
indexer in pod …" and another line is envoy's, "支付容器" where the item says "订单容器". A word
no other item holds in that place is wording, judged by the subject terms as before, and so is a
function word ("if", "as": at least as frequent as ``specific.FUNCTION_ZIPF``), which is no value.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from app.domain import alignment, chronology, common, conditions, proportion, roles, specific, states
from app.domain.text import canonical


@dataclass(frozen=True)
class SlotClass:
    """One closed class: its name (the question it answers) and its values, each a set of
    spellings: an English pattern (matched as a whole word, case-folded) and Chinese words."""

    name: str
    values: tuple[tuple[str, tuple[str, ...]], ...]
    about: str = ""
    """For a class whose answers are common words of other senses too (a connection "closed", a
    version 升级), what an item must name for its answer to be one: a pattern (case-folded); empty,
    any item."""


_UNDENIED = "".join(rf"(?<!{neg}\s{mid})" for neg in ("not", "n't", "never")
                    for mid in ("", r"yet\s", r"been\s", r"yet\sbeen\s"))
"""Not after a negator ("not resolved", "not yet been closed", "hasn't been acked": the open state),
whatever comes between the auxiliary and the state ("has been resolved" is resolved)."""

_BY_AMOUNT = r"(?=\s+(?:by\s|[+-]?\d))"
_ZH_STEPPED = r"(?=\s*(?:跳|拨|调|步进|[+-]?\d))"
"""A direction of a step says which way by how much ("stepped back by 0.9 s", "向后跳 3 秒"): "came
back", "rolled back" and "back in rotation" are other senses of the word."""
_ZH_DIGIT = "[一二两三四五六七八九十百千半]"
"""A Chinese number's first character: "比上周高 40%", "比基线低两成"."""
_BE = r"is|was|were|are|been|be|being|stays?|stayed|remains?|remained|came|comes|went|goes|gone|back"
"""The verbs before "up" or "down" saying a state ("the session was down", "stayed up"), not a move
("scaled up", "down to 9")."""
_LINK = r"sessions?|neighbou?rs?|peers?|links?|tunnels?|connections?|interfaces?"
"""What a link state is the state of."""

CLASSES = (
    SlotClass("severity", (
        (r"info|informational|notice", ("提示", "通知级")),
        (r"warn|warning|warnings", ("警告",)),
        (r"critical|crit|fatal|emergency|emerg|severe", ("严重", "紧急", "致命")),
    )),
    SlotClass("version change", (
        (r"upgrad\w*", ("升级",)),
        (r"downgrad\w*|roll-?backs?|rolls?\s+back|rolled\s+back|rolling\s+back|roll(?:s|ed|ing)?\s+\S+\s+back"
         r"|revert\w*", ("回滚", "回退", "降级")),
    )),
    SlotClass("quantity change", (
        (r"increas\w*|rise|rises|rising|risen|rose|grow|grows|growing|grown|grew|climb\w*|spik\w*",
         ("上升", "升高", "增加", "增长", "上涨", "飙升", "升至", "涨至", "涨到")),
        (r"decreas\w*|fall|falls|falling|fallen|fell|declin\w*|drop|drops|dropped|dropping",
         ("下降", "降低", "减少", "下跌", "回落", "降至", "降到", "跌至")),
        (r"flat|flatlined|plateau\w*|steady(?!\s+state)|unchanged|(?:held|holding|stayed|staying)\s+steady",
         ("持平", "平稳", "基本不变", "保持不变", "没有变化", "无变化", "未变化")),
    )),
    SlotClass("ticket state", (
        (r"open|opened|firing|fired|triggered|unresolved|unacknowledged"
         r"|(?:not|never|\w+n't)\s+(?:yet\s+)?(?:been\s+)?(?:resolved|closed|acknowledged|acked)",
         ("打开", "新建", "待处理", "触发", "未解决", "未关闭", "未恢复", "未确认", "未认领")),
        (rf"{_UNDENIED}(?:ack|acked|acknowledg\w*)", (r"(?<![未没不])(?<!没有)(?<!尚未)确认", "认领", "已响应")),
        (r"escalat\w*", (r"升级(?![^。；;\n]*\d+\.\d)",)),  # 升级 naming no version: the version's is the class above
        (rf"{_UNDENIED}(?:resolv\w*)", (r"(?<![未没不])(?<!没有)(?:解决|恢复)",)),
        (rf"{_UNDENIED}(?:close|closed|closes|closing)",
         (r"(?<![未没不])(?<!没有)关闭", "结单", "关单")),
        (r"re-?open\w*", ("重新打开", "重开")),
    ), about=r"(?<![\w-])(?:tickets?|incidents?|alerts?|alarms?)(?![\w-])|故障单|工单|事件单|告警|报警"),
    SlotClass("job state", (
        (r"running|started|in\s+progress", ("运行中", "执行中", "正在执行", "进行中")),
        (r"succeeded|successful|successfully|completed|finished", (r"成功(?!率)", "完成")),
        (r"failed|failing|fails|failure|errored|timed\s+out", (r"失败(?!率)", "超时", "报错")),
        (r"skipped", ("跳过",)),
        (r"cancel\w*|aborted", ("取消", "中止")),
    ), about=r"(?<![\w-])(?:jobs?|cron|cronjobs?|tasks?|pipelines?|builds?|backups?)(?![\w-])"
             r"|任务|作业|构建|流水线|备份"),
    SlotClass("progress", (
        (r"start|starts|started|starting|initiat\w*|began|begun|begins|in\s+progress|underway|under\s+way"
         r"|(?:not|never|\w+n't)\s+(?:yet\s+)?(?:been\s+)?(?:completed|finished|done)"
         r"|unfinished|incomplete|aborted|interrupted",
         ("开始", "发起", "进行中", "未完成", "尚未完成", "没有完成", "中止", "中途停止", "未结束")),
        (rf"{_UNDENIED}(?:complet\w*|finish\w*|succeeded|successful|successfully)",
         (r"(?<![未没])(?<!没有)完成", "结束", r"成功(?!率)")),
        (r"assigned\s+to|due\s+(?:by\s+|on\s+)?\d|(?:scheduled|planned)\s+(?:for|to)(?=\s)"
         r"|(?:not|never|\w+n't)\s+(?:yet\s+)?(?:been\s+)?scheduled",
         (r"(?<!按)(?<!按照)计划(?!内|外|中)", r"截止(?:日期|时间)?\s*\d", "指派给", "分配给", "排期")),
    )),
    SlotClass("comparative", (
        (r"(?:higher|greater|more|larger|bigger)\s+than|above",
         (rf"高于|大于|多于|比[^，。；;,\n]{{1,16}}?(?:高|多|大)(?=\s*(?:了|出|约|大约|\d|{_ZH_DIGIT}))",)),
        (r"(?:lower|less|fewer|smaller)\s+than|below",
         (rf"低于|小于|少于|比[^，。；;,\n]{{1,16}}?(?:低|少|小)(?=\s*(?:了|约|大约|\d|{_ZH_DIGIT}))",)),
    )),
    SlotClass("step direction", (
        (rf"(?:forwards?|ahead){_BY_AMOUNT}", (rf"(?:向前|往前){_ZH_STEPPED}", "拨快", "调快")),
        (rf"(?:back|backwards?){_BY_AMOUNT}", (rf"(?:向后|往后){_ZH_STEPPED}", "回拨", "拨慢", "调慢")),
    )),
    SlotClass("bound", chronology.BOUND_WORDS),
    SlotClass("membership", (
        (rf"{_UNDENIED}(?<!back\s)(?:back\s+)?in\s+(?:the\s+)?(?:rotation|pool|service)|serving\s+(?:traffic|again|normally)"
         r"|(?<!un)schedulable|uncordon\w*", (r"(?<![不无])(?:可|恢复|允许)调度", "加回", "重新加入")),
        (r"maint|maintenance|drain|drained|draining|cordon|cordoned|cordoning|unschedulable|schedulingdisabled"
         r"|(?:out\s+of|removed\s+from|taken\s+out\s+of|not\s+(?:yet\s+)?(?:back\s+)?in)\s+(?:the\s+)?"
         r"(?:rotation|pool|service)",
         ("不可调度", "禁止调度", "停止调度", "摘除", "摘流")),
    )),
    SlotClass("blocking", (
        (r"(?<!un)block(?:ed|ing|s)?(?![^,;\n]*?(?<![\w-])(?:lifted|cleared|released))"
         r"|throttl\w*", (r"(?<!解除)(?:阻塞|阻断|限流)(?![^，。；;,]{0,4}解除)",)),
        (r"unblock\w*|block\w*[^,;\n]*?(?<![\w-])(?:lifted|cleared|released)",
         (r"(?:阻塞|阻断|限流)[^，。；;,]{0,4}解除", "解除阻塞", "解除限流")),
    )),
    SlotClass("role", (
        (r"leader|leaders|leadership", ("领导者", "主节点")),
        (r"followers?", ("跟随者", "追随者", "从节点")),
        (r"(?:pre-?)?candidates?", ("候选者", "候选节点")),
    )),
    SlotClass("outcome", (
        (r"succeeded|succeeds|successful|successfully", (r"成功(?!率)",)),
        (r"(?:failed|fails|failing)(?!\s+over)|failures?|unsuccessful", (r"失败(?!率)",)),
    )),
    SlotClass("operation", states.undenied((
        (r"restart\w*|reboot\w*|bounc(?:e|ed|es|ing)", ("重启", "重新启动")),
        (r"reload\w*", ("重载", "重新加载", "热加载")),
        (r"scal(?:e|ed|es|ing)\s+(?:\S+\s+)?(?:out|up)|scale-?(?:out|up)", ("扩容",)),
        (r"scal(?:e|ed|es|ing)\s+(?:\S+\s+)?(?:in|down)|scale-?(?:in|down)", ("缩容",)),
        (r"roll-?backs?|rolls?\s+back|rolled\s+back|rolling\s+back|roll(?:s|ed|ing)?\s+\S+\s+back|revert\w*"
         r"|downgrad\w*", ("回滚", "回退", "降级")),
        (r"upgrad\w*", (r"升级(?=[^。；;\n]*\d+\.\d)",)),  # 升级 naming no version is an escalation
        (r"(?:re)?deploy\w*|roll(?:s|ed|ing)?\s+out|rollouts?", ("发布", "上线", "部署")),
        (r"fail(?:s|ed|ing)?[\s-]?over|switch(?:es|ed|ing)?[\s-]?over|promot\w*", ("主从切换", "故障转移", "切主")),
    ))),
    SlotClass("link state", (
        (rf"{_UNDENIED}(?:(?:{_BE})\s+up(?!\s+(?:to|by|from)\b)|established|connected|online|reachable)",
         ("已建立", "建立成功", "已连接", "连通", "在线", r"(?<![不无])可达")),
        (rf"{_UNDENIED}(?:(?:{_BE})\s+down(?!\s+(?:to|by|from)\b)|(?:{_LINK})\s+down|disconnected|offline|unreachable)"
         r"|(?:not|never|\w+n't)\s+(?:yet\s+)?(?:been\s+)?(?:established|connected|up|reachable)",
         ("断开", "中断", "离线", "不可达", "掉线", "不通", "未建立")),
    ), about=rf"(?<![\w-])(?:{_LINK}|bgp|ospf)(?![\w-])|会话|邻居|链路|隧道|连接|接口"),
    SlotClass("setting", (
        (rf"{_UNDENIED}(?:(?<!replica\s)(?<!data\s)(?<!result\s)set|added|applied|enabled|configured|installed"
         r"|turned\s+on|switched\s+on)",
         (r"(?<![未不没])(?:设置|添加|启用|开启)", "配置了", "加上", r"(?:未|没有?)关(?:闭|掉)")),
        (r"removed|deleted|unset|disabled|turned\s+off|switched\s+off|took\s+off|taken\s+off|withdrawn|withdrew",
         ("删除", "移除", "去掉", "禁用", "撤销", "取消了", r"(?:未|没有?)(?:设置|添加|启用|开启)",
          r"(?<![未没不])(?<!没有)关(?:闭|掉)")),
    )),
    SlotClass("statistic", (
        (r"median(?![\w.-])", ("中位数", "中位值")),
        (r"(?:mean|average|avg)(?![\w.-])", ("平均值", "均值", "平均")),
        (r"(?:maximum|max)(?![\w.-])", ("最大值",)),
        (r"minimum(?![\w.-])", ("最小值",)),
    )),
) + tuple(SlotClass(name, answers, about) for name, answers, about in (*states.CLASSES, *conditions.CLASSES))
"""The closed classes: severity levels, the direction of a version change, the direction of a
change in a quantity, the state of a ticket, an incident or an alert (open or firing, acknowledged,
escalated, resolved, closed, reopened; a state said "not resolved" is open), the state of a job's
run (成功率, a rate, is no outcome), whether a member of a pool takes work (in rotation, in the pool,
serving traffic, schedulable, uncordoned; 可调度: or in maintenance, drained, cordoned, out of
rotation, unschedulable, SchedulingDisabled; 不可调度, 摘除), which way a comparison goes (higher than,
above, 高于, "比基线高 25 个百分点"; lower than, below, 低于, "比上周低 40%": a 比 phrase's adjective before
its number), whether a flow is held back (blocked,
throttled; 阻塞, 限流: or unblocked, its block lifted; 阻塞已解除), which role a member of a
replicated group holds (leader; follower; candidate: 领导者/主节点, 跟随者/从节点, 候选者), which way a
clock or a position was stepped by a given amount (forward, ahead; back, backward: "stepped back by
412 s" is not "stepped forward by 412 s"; 向前/拨快, 向后/回拨), what was done to a thing (restarted,
reloaded, scaled out or in, rolled back, upgraded, deployed, failed over; 重启, 重载, 扩容, 缩容, 回滚,
发布, 主从切换), the state of a link (up, established; down, unreachable: 已建立; 断开), whether a
setting is in place (set, added, enabled; removed, disabled, turned off: 设置, 开启; 删除, 关闭:
"关闭了 billing-prod 的 auto-sync" of a line pausing prune with "auto-sync 仍开启"), which statistic of a set
a value is (median, mean, maximum, minimum: 中位数, 平均, 最大, 最小: "the maximum per-disk
utilization was 83.4%" of "median per-disk utilization … is 83.4%"), the role the
line it is traced to gives at that line's time ("at 03:06 X was still the leader" of a line saying X
was a follower by then), and the classes of ``app.domain.states`` and ``app.domain.conditions``. A value is one answer
(``warning``/``警告``); a class's values exclude each other for one slot."""


_PATTERNS = tuple(tuple(re.compile(rf"(?<![\w-])(?<!(?<![\w.])0\s)(?:{en})(?![\w-])|{'|'.join(zh)}")
                        for en, zh in cls.values) for cls in CLASSES)
"""A value right after a count of none is not given: "0 added, 2 changed, 0 destroyed" adds nothing."""
_ABOUT = tuple(re.compile(cls.about) if cls.about else None for cls in CLASSES)


STATISTIC = re.compile("|".join(p.pattern for p in next(
    pats for cls, pats in zip(CLASSES, _PATTERNS, strict=True) if cls.name == "statistic")))
"""Any word naming a statistic of values (median, mean, maximum, minimum; 中位数, 平均, 最大值)."""


def spelled(name: str, value: int) -> re.Pattern[str]:
    """The spellings of value ``value`` of the class called ``name``, as one pattern (matched in
    canonical, case-folded text)."""
    return next(pats for cls, pats in zip(CLASSES, _PATTERNS, strict=True) if cls.name == name)[value]


@functools.lru_cache(maxsize=16_384)
def values(text: str) -> tuple[frozenset[int], ...]:
    """Per class, the values ``text`` gives (indices into the class's values)."""
    low = canonical(text).casefold()
    return tuple(frozenset(k for k, pat in enumerate(pats) if pat.search(low)) for pats in _PATTERNS)


@functools.lru_cache(maxsize=16_384)
def answered(item: str) -> tuple[frozenset[int], ...]:
    """Per class, the values ``item`` gives as an answer to the class's question: those of
    ``values``, where the item names what the class is about."""
    low = canonical(item).casefold()
    return tuple(found if about is None or about.search(low) else frozenset()
                 for found, about in zip(values(item), _ABOUT, strict=True))


def other_value(line: str, item: str) -> str | None:
    """The class for which ``line`` gives a value that ``item`` does not give while ``item`` gives
    another, "value role" where it gives a number another role (``roles.other_role``), "proportion"
    where it gives a share of a set its item's count does not allow (``proportion.other_share``); None when
    the line answers every class's question as its item does (or leaves it)."""
    if roles.other_role(line, item) is not None:
        return "value role"
    if proportion.other_share(line, item) is not None:
        return "proportion"
    for k, (cls, mine, theirs) in enumerate(zip(CLASSES, values(line), answered(item), strict=True)):
        if (theirs and mine - theirs) or (len(theirs) > 1 and len(mine) == 1 and _given_another(line, item, k)):
            return cls.name
    return None


_PART = re.compile(r"[;；,，()（）]")


@functools.lru_cache(maxsize=16_384)
def _parts(item: str, k: int) -> tuple[tuple[frozenset[str], frozenset[int]], ...]:
    """The parts of ``item`` (between commas and semicolons, a bracket a part of its own: "turned
    off access_log (proxy_buffering still enabled)") giving a value of class ``k``: the names each
    holds (``alignment.name``) and the values it gives."""
    out = []
    for part in _PART.split(item):
        found = values(part)[k]
        if found:
            out.append((frozenset(w.text for w in alignment.words(part) if alignment.name(w)), found))
    return tuple(out)


def _given_another(line: str, item: str, k: int) -> bool:
    """Whether a name of ``line`` is, in ``item`` giving several values of class ``k``, held only by
    parts giving another value than the line's one: "resolved for ledger-svc-2" of "resolved for
    ledger-svc-1; still firing for ledger-svc-2" (a value stays with its name, as a number does in
    ``binding.moved_value``), where each part giving the line's state names a name of its own."""
    mine = values(line)[k]
    parts = _parts(item, k)
    said = {w.text for w in alignment.words(line) if alignment.name(w)}
    if not all(names - said for names, found in parts if mine <= found):
        return False  # a part gives the line's state of no name of its own ("escalated, then resolved")
    for name in said:
        holders = [found for names, found in parts if name in names]
        if holders and not any(mine <= found for found in holders):
            return True
    return False


def borrowed(line: str, item: str, others: Sequence[str]) -> str | None:
    """The word ``line`` puts in a place of ``item`` (``alignment.placed``) that ``item`` does not
    hold and another item of the material does (``others``, prepared): a value taken from another
    line ("container envoy" where the item says "container indexer" and another line is envoy's);
    None when there is none. A zero the line says with a negator ("logged no … rejections" for "0 …
    rejections", ``alignment.says_none``) leaves its place to the words around the negator."""
    hay = specific.prepared(item)
    none = alignment.says_none(line, item)
    for word, theirs in alignment.placed(line, item):
        if none and theirs in ("0", "zero", "零"):
            continue  # the count of none is the line's negator; the word beside it is wording ("logged no")
        if not specific.is_number(word) and common.zipf(word) < specific.FUNCTION_ZIPF \
                and not specific.occurs(word, hay) and any(specific.occurs(word, h) for h in others):
            return word
    return None
