"""A thing said to have ended where its line says it went on (app/domain/persistence.py): "ntp-c
stopped advertising stratum 1" against "chronyd on ntp-c kept advertising stratum 1". The end word
(stopped, no longer, ceased; 停止, 不再) is as common as the going-on word (kept, continued,
remained; 继续, 保持, 仍): only their class tells the line turned the state round. Such a line is not
traced; one saying it went on, or saying ended what its line says ended, is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-04T08:12:00Z lb-east-2: upstream pool cart-api lost 3 of 8 members; lb-east-2 kept serving traffic",
    "2026-10-04T08:15:30Z mq-broker-4: disk alarm raised; mq-broker-4 continued accepting publishes from billing",
    "2026-10-04T08:20:00Z cron-runner-1: job purge-tmp stopped after 3 failed attempts"])
ZH = "\n".join([
    "2026-10-06 11:02:10 es-data-3：磁盘使用率 91%，es-data-3 继续接收写入",
    "2026-10-06 11:05:40 网关 gw-sh-2：上游 pay-core 超时 4 次，gw-sh-2 仍在转发请求",
    "2026-10-06 11:09:00 同步任务 sync-orders 停止拉取 binlog"])

LIES = {  # claim, what must not be read as fact
    "en-stopped-where-it-kept": ("lb-east-2 stopped serving traffic after cart-api lost 3 of 8 members",
                                 "stopped serving traffic"),
    "en-no-longer-where-it-continued": ("mq-broker-4 no longer accepted publishes from billing after the disk alarm",
                                        "no longer accepted"),
    "en-ceased-where-it-kept": ("At 08:12 lb-east-2 ceased serving traffic", "ceased serving"),
    "zh-stopped-where-it-continued": ("es-data-3 磁盘使用率 91% 后停止接收写入", "停止接收写入"),
    "zh-no-more-where-it-went-on": ("上游 pay-core 超时 4 次后 gw-sh-2 不再转发请求", "不再转发请求"),
}
HONEST = {
    "en-kept-as-told": "lb-east-2 kept serving traffic after cart-api lost 3 of 8 members",
    "en-continued-as-told": "mq-broker-4 continued accepting publishes from billing after the disk alarm",
    "en-stopped-as-told": "At 08:20 job purge-tmp on cron-runner-1 stopped after 3 failed attempts",
    "zh-continued-as-told": "es-data-3 磁盘使用率 91%，es-data-3 继续接收写入",
    "zh-went-on-as-told": "上游 pay-core 超时 4 次，gw-sh-2 仍在转发请求",
    "zh-stopped-as-told": "11:09 同步任务 sync-orders 停止拉取 binlog",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_thing_said_to_end_where_it_went_on_is_not_traced = CASES.lies_untraced()
test_a_thing_said_to_end_where_it_went_on_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_going_on_or_an_end_as_told_is_traced = CASES.honest_traced()
test_a_going_on_or_an_end_as_told_is_a_confirmed_finding = CASES.honest_confirmed()
