"""A claim joining two events keeps both lines, and a side of its word of time order that names an
event of its own borrows no name (app/domain/trace.py ``summarise_trace``, provenance
``Items._borrows``).

"billing-worker-7f9c-2 left group invoices-sync about four and a half minutes after the 3.4.0
sync" restates the member's line and argocd's sync line. The trace summary keeps a few lines per
tool call, the claim's event among them: the event of the whole claim only, so the sync line was
cut and 3.4.0 read as a value no kept line holds (contradicted). Each clause's event line is kept
now. And "the 3.4.0 sync", a side of "after" led by an article, is an event put in time order with
the other side, not a clause saying of billing-worker-7f9c-2 what argocd's line says of its app:
it borrows nothing (the order is still checked). A side timed the wrong way round, or an interval
the times do not give, is still refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-18T09:02:07Z argocd: sync of app billing-worker to revision 7a1c2e0 (image billing-worker:3.4.0, previous billing-worker:3.3.9) succeeded",
    "2026-11-18T09:06:41Z billing-worker-7f9c-2: consumer poll timeout, member left group invoices-sync: max.poll.interval.ms 300000 exceeded",
    "2026-11-18T09:07:02Z kafka broker kb-2: group coordinator: invoices-sync rebalance started, generation 40 -> 41, 6 members",
    "2026-11-18T09:09:30Z kafka broker kb-2: group invoices-sync completed 4 rebalances in the last 5 min",
    "2026-11-18T09:12:12Z burrow: group invoices-sync topic invoices status ERR, total lag 412300 messages",
    "2026-11-18T09:13:48Z alertmanager: alert KafkaConsumerLagHigh firing for group invoices-sync (threshold 100000 messages)",
    "2026-11-18T09:15:05Z billing-worker-7f9c-2: batch of 500 records from invoices-3 processed in 301 s",
    "2026-11-18T09:20:19Z argocd: rollback of app billing-worker to revision 1b2d3f4 (image billing-worker:3.3.9) started by k.ito",
    "2026-11-18T09:23:56Z kafka broker kb-2: group invoices-sync stable at generation 47, 6 members",
    "2026-11-18T09:40:40Z burrow: group invoices-sync topic invoices status OK, total lag 2420 messages",
    "2026-11-18T09:45:03Z alertmanager: alert KafkaConsumerLagHigh resolved for group invoices-sync"])
ZH = "\n".join([
    "2026-11-18T01:02:07Z argocd: 应用 billing-worker 同步到版本 7a1c2e0（镜像 billing-worker:3.4.0，原 billing-worker:3.3.9）成功",
    "2026-11-18T01:06:41Z billing-worker-7f9c-2: 消费者拉取超时，成员离开消费组 invoices-sync：超过 max.poll.interval.ms 300000",
    "2026-11-18T01:07:02Z kafka broker kb-2: 消费组 invoices-sync 开始重平衡，代数 40 -> 41，6 个成员",
    "2026-11-18T01:09:30Z kafka broker kb-2: 消费组 invoices-sync 过去 5 分钟完成 4 次重平衡",
    "2026-11-18T01:12:12Z burrow: 消费组 invoices-sync 主题 invoices 状态 ERR，总堆积 412300 条",
    "2026-11-18T01:13:48Z 告警平台: 告警 KafkaConsumerLagHigh 已触发，消费组 invoices-sync，阈值 100000 条",
    "2026-11-18T01:15:05Z billing-worker-7f9c-2: 来自 invoices-3 的 500 条记录批次处理耗时 301 秒",
    "2026-11-18T01:20:19Z argocd: k.ito 开始将应用 billing-worker 回滚到版本 1b2d3f4（镜像 billing-worker:3.3.9）",
    "2026-11-18T01:23:56Z kafka broker kb-2: 消费组 invoices-sync 在代数 47 稳定，6 个成员",
    "2026-11-18T01:40:40Z burrow: 消费组 invoices-sync 主题 invoices 状态 OK，总堆积 2420 条",
    "2026-11-18T01:45:03Z 告警平台: 告警 KafkaConsumerLagHigh 已恢复，消费组 invoices-sync"])

HONEST = {
    "en-interval-after-sync": "billing-worker-7f9c-2 left group invoices-sync about four and a half minutes "
                              "after the 3.4.0 sync",
    "en-after-the-sync": "billing-worker-7f9c-2 left group invoices-sync after the 3.4.0 sync",
    "zh-interval-after-sync": "billing-worker:3.4.0 同步之后约 4 分半，billing-worker-7f9c-2 离开消费组 invoices-sync",
}
LIES = {
    "en-after-a-later-rollback": ("billing-worker-7f9c-2 left group invoices-sync after the 3.3.9 rollback",
                                  "after the 3.3.9 rollback"),
    "en-another-interval": ("billing-worker-7f9c-2 left group invoices-sync about ten minutes after the 3.4.0 sync",
                            "about ten minutes"),
    "zh-after-a-later-rollback": ("billing-worker-7f9c-2 在回滚到 billing-worker:3.3.9 之后离开消费组 invoices-sync",
                                  "回滚到 billing-worker:3.3.9 之后离开"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_claim_after_an_event_of_its_own_is_traced = CASES.honest_traced()
test_a_claim_after_an_event_of_its_own_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_side_out_of_time_order_is_not_traced = CASES.lies_untraced()
test_a_side_out_of_time_order_is_not_read_as_fact = CASES.lies_not_read_as_fact()
