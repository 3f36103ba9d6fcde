"""A thing denied that its line shows there (app/domain/denied_thing.py): "no X" or 没有 X where
the line names an X with no negation and no count of none is not traced; the thing restated, or
denied where its line counts none of it or says it is not there, is. Chinese 没有 and 无 are read as
predicate negators by ``app.domain.alignment`` already; their cases stay here as the same form."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-07-01T08:00:00Z mysql db-main: long transaction trx 88121 open for 41 min, blocking purge",
    "2026-07-01T08:03:00Z kafka: consumer group billing-sync lagging on 3 partitions",
    "2026-07-01T08:05:00Z kafka: consumer group audit-sink, lagging partitions 0"])
ZH = "\n".join([
    "2026-07-02 11:00:00 巡检：节点 node-7 上存在僵尸进程 4 个，占用句柄 1.2 万",
    "2026-07-02 11:02:00 告警 DiskPressure 触发：node-9 磁盘压力",
    "2026-07-02 11:04:00 巡检：node-3 没有僵尸进程"])

LIES = {  # claim, what must not be read as fact
    "en-no-thing-its-line-names": ("No long transaction was blocking purge on db-main", "No long transaction"),
    "en-no-thing-lagging": ("billing-sync had no partitions lagging", "no partitions lagging"),
    "en-no-group-lagging": ("No consumer group was lagging at 08:03", "No consumer group was lagging"),
    "en-none-of": ("None of the long transactions on db-main was blocking purge", "was blocking purge"),
    "zh-meiyou-thing": ("node-7 上没有僵尸进程", "没有僵尸进程"),
    "zh-wu-thing": ("node-9 无磁盘压力", "无磁盘压力"),
}
HONEST = {
    "en-thing-restated": "A long transaction was blocking purge on db-main",
    "en-none-counted": "audit-sink had no lagging partitions",
    "zh-thing-restated": "node-7 上有 4 个僵尸进程",
    "zh-denied-by-its-line": "node-3 没有僵尸进程",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_thing_its_line_shows_denied_is_not_traced = CASES.lies_untraced()
test_a_thing_its_line_shows_denied_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_thing_restated_or_denied_by_its_line_is_traced = CASES.honest_traced()
test_a_thing_restated_or_denied_by_its_line_is_a_confirmed_finding = CASES.honest_confirmed()
