"""Conditions: more closed classes of what operations lines answer, read by ``app.domain.slots``
beside ``app.domain.states``.

Each class answers one question, and its answers exclude each other for one thing at one time: is
a resource used up or is some left (full, exhausted; free, available: 已满, 耗尽; 空闲, 可用); did a
thing answer when called (reachable, responding; timed out, unreachable; connection refused: 可达;
超时, 不可达; 拒绝连接); how sure a cause is (confirmed; suspected, likely; ruled out: 确认; 疑似,
可能; 已排除); how often a thing happened (once; repeatedly, intermittently; continuously: 一次;
多次, 间歇; 持续); was a change applied (applied; not applied: 已在 … 上应用; 没有在 … 上应用; one
applied in part gives both); did a transaction commit (committed; rolled back, aborted: 已提交; 回滚); what became of a
message (delivered; dropped, discarded; dead-lettered; queued, pending: 投递成功; 丢弃; 死信; 排队);
was it acknowledged (acked; unacked: 已确认; 未确认). A line that puts one answer for another ("the
pool had free connections" of "connections exhausted", "suspected cause" of "root cause
confirmed", 持续 for 间歇, "已在 bt-worker-07 上应用" of "没有在 bt-worker-07 上应用") keeps every
token of its item, and only the class tells it.

Values are written as in ``app.domain.states``: an English pattern and Chinese words, negation
read (``UNDENIED``, ``NOT_ZH``; a negated answer is the other one where the class has two, "not
confirmed" is suspected, 未满 is room left). Words of other senses are kept out by their shape: a
capacity word is a state, not a quantity or a kind ("12 GB free", "free memory", "Full Duplex",
"full GC" answer nothing), a timeout is an event, not a setting (超时时间 30 秒, "超时从 3min 调大"),
"once" counts only where it ends its clause or is dated ("once at 09:08", not "once the pod
restarted"), 一次 not in 第一次 or 一次性 (每小时一次 is repeated), 持续 of a duration (持续 12 秒) is
no frequency, a cause confirmed is a finding ("confirmed as", 已确认, 查明为), not an instruction
(先确认…, "until the fix is verified"); or by ``about``: what an item must name for its answer to
count (a cause, a transaction, a message)."""

from __future__ import annotations

from app.domain.states import NEGATED_STATE as _NOT
from app.domain.states import NOT_ZH, UNDENIED, StateClass, guarded

_STATE_END = (r"(?=\s*(?:$|[,.;:!?()\[\]]"
              r"|(?:and|or|but|at|on|in|since|for|after|before|when|while|with|by|so)\b))")
"""Where a state word ends its predicate: at the clause's end or before a joining word ("disk /data
full at 09:50", "pool exhausted, 212 waiting"), not before a noun it qualifies ("full GC")."""
_NO_NUMBER = r"(?<!\d\s)(?<![\d%]\s[kmgt]b\s)(?<![\d%]\s[kmgt]ib\s)(?!\s*[:=]?\s*\d)"
"""Not beside a number: "12 GB free", "available: 3" give a quantity, not a state."""
_FREE = rf"(?:free|available|spare){_NO_NUMBER}"

_PARTLY = (r"(?:partially|partly)\s+applied"
           r"|applied\s+(?:partially|partly|in\s+part|(?:on|to)\s+\d+\s+(?:of|out\s+of)\s+\d+)")
_PARTLY_ZH = "部分(?:应用|生效)"
"""A change applied in part ("applied on 12 of 14 nodes", 部分应用) is applied where it was, and not
where it was not: it gives both answers, and which name has which is the parts' to tell."""

_CLASSES: tuple[StateClass, ...] = (
    ("capacity", (
        (rf"{UNDENIED}(?:exhausted|depleted|used\s+up|r[au]n\s+out\s+of|out\s+of\s+(?:space|memory|capacity|room"
         rf"|inodes|connections|slots|workers|threads|handles|file\s+descriptors))"
         rf"|(?<!nearly\s)(?<!almost\s)(?<!half\s)full{_STATE_END}|no\s+(?:\S+\s+){0,2}?(?:free|spare|available|left)",
         (r"(?:已|写|占|打|用|存|爆|跑)满(?![足意])", "满了", "满载", f"{NOT_ZH}耗尽", "用尽", "用完", "空间不足")),
        (rf"{UNDENIED}(?:(?:has|had|have|having|with|still)\s+(?:some\s+|plenty\s+of\s+)?{_FREE}"
         rf"|{_FREE}{_STATE_END}|headroom|room\s+(?:left|to\s+spare))|{_NOT}(?:full|exhausted)",
         (f"{NOT_ZH}空闲", r"(?<![不无])可用(?![区性率])", "未满", "没满", "没有满", "未耗尽", "有余量", "充足")),
    ), ""),
    ("reachability", (
        (rf"{UNDENIED}(?:(?<!un)reachable|respond(?:s|ed|ing)|answer(?:s|ed|ing))",
         (r"(?<![不无])可达", "有响应", "响应正常")),
        (rf"unreachable|tim(?:ed|es|ing)\s+out|no\s+(?:response|reply|answer)|{_NOT}(?:reachable|respond\w*)",
         (r"超时(?!\s*(?:时间|设置|阈值|配置|参数|从|由|为|调|改|设|恢复|[=:：]))",
          "不可达", "无响应", "没有响应", "未响应")),
        (r"(?:connection|connect)\s+refused|refused\s+(?:the\s+)?connections?|econnrefused",
         ("拒绝连接", "连接被拒")),
    ), ""),
    ("certainty", (
        (rf"{UNDENIED}(?:confirmed(?=\s+(?:as|to\s+be|that|by)(?![\w-]))|(?:confirmed|verified|proven)\s+(?:root\s+)?cause"
         rf"|(?:cause|culprit)\s+(?:(?:was|is|has\s+been)\s+)?(?:confirmed|verified|proven))",
         ("已确认", f"{NOT_ZH}(?:确认|证实|查明)(?:为|是)", "已证实", "已查明")),
        (rf"suspect(?:ed|s)?|likely|probabl[ey]|possibl[ey]|presumabl[ey]|unconfirmed|unverified"
         rf"|{_NOT}(?:confirmed|verified|proven)",
         ("疑似", "怀疑", "可能", "推测", "待确认", "未确认", "尚未确认", "没有确认", "未证实")),
        (r"ruled\s+out|rules?\s+out|excluded|eliminated|not\s+(?:the|a)\s+(?:root\s+)?cause",
         (r"(?<!故障)(?<!故障已)排除(?!故障)", "不是原因", "无关")),
    ), r"(?<![\w-])(?:causes?|caused|culprit|due\s+to|because)(?![\w-])|原因|根因|导致|引起|引发|由于"),
    ("frequency", (
        (r"once(?=\s*(?:$|[,.;:()]|(?:at|in|on|during|between|before|after|since|today|and)\b))"
         r"|(?:a\s+single|one)\s+time(?!s)",
         (r"(?<![第再每又])(?<!每隔)一次(?!性)", "单次")),
        (r"repeated(?:ly)?|intermittent(?:ly)?|sporadic(?:ally)?|on\s+and\s+off|off\s+and\s+on|flapp\w*|recurr\w*"
         r"|(?:several|multiple|many|numerous)\s+times|again\s+and\s+again|occasional(?:ly)?",
         (r"每[^，。；,;\s]{0,8}一次", "多次", "反复", "间歇", "间断", "断续", "时有时无", "时断时续", "屡次",
          "偶发", "不时")),
        (r"continuously|constantly|persistently|non-?stop|uninterrupted|without\s+(?:a\s+)?(?:break|interruption|pause)",
         (r"持续(?!了?\s*[0-9一二两三四五六七八九十几数半])", "不断", "不间断", "始终")),
    ), ""),
    ("application", (
        (rf"{UNDENIED}applied|took\s+effect|{_PARTLY}",
         (r"(?:已|成功)(?:在[^，。；,;]{0,40}?上)?应用(?!失败)", "应用成功", "应用完成", f"{NOT_ZH}生效", _PARTLY_ZH)),
        (rf"{_NOT}(?:applied|taken\s+effect)|failed\s+to\s+(?:be\s+)?apply|apply\s+failed|{_PARTLY}",
         (r"(?:未|没有?|尚未)(?:在[^，。；,;]{0,40}?上)?(?:应用|生效)", "应用失败", "不生效", _PARTLY_ZH)),
    ), ""),
    ("transaction", (
        (rf"{UNDENIED}committed|commit\s+(?:succeeded|ok|complete)", ("已提交", "提交成功", "提交完成")),
        (r"rolled\s+back|roll(?:ed)?back|rolling\s+back|aborted", ("回滚", "已中止", "中止")),
    ), r"(?<![\w-])(?:transactions?|txn|txns|tx)(?![\w-])|事务"),
    ("delivery", (
        (rf"{UNDENIED}delivered|(?:was|were)\s+consumed", ("投递成功", "已投递", "已送达", "送达")),
        (rf"{UNDENIED}(?:dropped|discarded|lost)", (f"{NOT_ZH}丢弃", f"{NOT_ZH}丢失", "被丢")),
        (r"dead-?letter\w*|dlq", ("死信",)),
        (rf"{UNDENIED}(?:queued|pending|buffered)", ("排队", "待投递", "积压")),
    ), r"(?<![\w-])(?:messages?|records?|events?|queues?|topics?|consumers?)(?![\w-])|消息|投递|队列"),
    ("acknowledgement", (
        (rf"{UNDENIED}(?<!un)(?:acknowledged|acked|ack'd)", (f"{NOT_ZH}确认",)),
        (rf"unacknowledged|unacked|nack\w*|{_NOT}(?:acknowledged|acked)", ("未确认", "没有确认")),
    ), r"(?<![\w-])(?:messages?|deliver\w*|consumers?)(?![\w-])|消息|消费者"),
)
"""The classes as written, each ``(name, values, about)`` (see the module)."""
CLASSES = tuple((name, guarded(values), about) for name, values, about in _CLASSES)

