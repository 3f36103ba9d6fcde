"""A thing said removed where its item tells no removal (app/domain/removal.py): "w.chen 将 kafka-2 的
日志目录移到 /data/log.old 后重启 kafka-2" moves the directory aside, where it still is;
"w.chen 删除了 kafka-2 的日志目录" says it is gone. A line that denies the removal, or an item that
tells one ("purged"), is left to the other rules."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-11-23T11:04:30Z ops-log: w.chen moved the log directory of kafka-2 to /data/log.old and restarted kafka-2\n"
      "2026-11-23T11:09:00Z ops-log: w.chen renamed topic audit-v1 to audit-v1-archived\n"
      "2026-11-23T11:15:00Z ops-log: w.chen purged topic tmp-events")
ZH = ("2026-11-23 11:04:30 运维日志：w.chen 将 kafka-2 的日志目录移到 /data/log.old 后重启 kafka-2\n"
      "2026-11-23 11:09:00 运维日志：w.chen 把 topic audit-v1 改名为 audit-v1-archived")

LIES = {  # claim, what must not be read as fact
    "en-deleted": ("w.chen deleted the log directory of kafka-2", "deleted the log directory of kafka-2"),
    "en-removed-topic": ("At 11:09 w.chen removed topic audit-v1", "removed topic audit-v1"),
    "en-wiped": ("w.chen wiped kafka-2's log directory before the restart", "wiped kafka-2's log directory"),
    "zh-deleted": ("w.chen 删除了 kafka-2 的日志目录", "删除了 kafka-2 的日志目录"),
    "zh-emptied": ("11:04:30 w.chen 清空了 kafka-2 的日志目录", "清空了 kafka-2 的日志目录"),
    "zh-topic-deleted": ("11:09 w.chen 删掉了 topic audit-v1", "删掉了 topic audit-v1"),
}
HONEST = {
    "en-moved": "w.chen moved the log directory of kafka-2 to /data/log.old",
    "en-renamed": "At 11:09 w.chen renamed topic audit-v1 to audit-v1-archived",
    "en-purged": "At 11:15 w.chen purged topic tmp-events",
    "zh-not-deleted": "kafka-2 的日志目录没有删除，而是移到了 /data/log.old",
    "zh-moved": "w.chen 将 kafka-2 的日志目录移到了 /data/log.old",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_removal_no_item_tells_is_not_traced = CASES.lies_untraced()
test_a_removal_no_item_tells_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_what_the_item_did_is_traced = CASES.honest_traced()
test_what_the_item_did_is_a_confirmed_finding = CASES.honest_confirmed()
