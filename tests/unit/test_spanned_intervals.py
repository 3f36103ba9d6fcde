"""An interval between the two times a line spans (app/domain/provenance.py, ``bounds``): "the
rollback ran for 6 min 38 s, from 16:15:02 to 16:21:40", "回滚从 06:44:36 到 06:49:02，用时 4 分 26
秒", "告警 StockSyncLag 从触发到恢复历时 51 分钟" (two events, at their lines' times) say what is at the start and what at the end, each read at its own time ("the rollback ran at
16:15:02", "… at 16:21:40") and traced to an item of its own; the duration is worked out between
them. A duration the times do not give, a span of another thing, or one the other way round from
the items' times stays refused. With the rule
off, the honest claims are refused ("says what no material item says")."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-04T16:15:02Z deploy-log: rollback of pay-svc to v2.3.1 started by a.kim",
    "2026-12-04T16:21:40Z deploy-log: rollback of pay-svc to v2.3.1 completed, 4/4 pods ready",
])
ZH = "\n".join([
    "2026-12-04T06:44:36Z 运维操作记录: zhou.min 开始回滚 stock-svc 到 v5.1.7",
    "2026-12-04T06:49:02Z 发布记录: stock-svc 回滚完成，6/6 实例运行 v5.1.7",
    "2026-12-04 07:21:00 告警 StockSyncLag 触发，级别 critical，通知值班 陈静",
    "2026-12-04 07:23:40 告警 StockDrift 触发，级别 warning",
    "2026-12-04 08:12:00 告警 StockSyncLag 恢复",
])

HONEST = {
    "en-from-to": "The pay-svc rollback ran for 6 min 38 s, from 16:15:02 to 16:21:40",
    "zh-from-to": "stock-svc 回滚从 06:44:36 到 06:49:02，用时 4 分 26 秒",
    "zh-events": "告警 StockSyncLag 从触发到恢复历时 51 分钟",
}
LIES = {
    "en-wrong-duration": ("The pay-svc rollback ran for 7 min 38 s, from 16:15:02 to 16:21:40", "7 min 38 s"),
    "en-other-thing": ("The pay-svc upgrade ran for 6 min 38 s, from 16:15:02 to 16:21:40", "upgrade"),
    "zh-wrong-duration": ("stock-svc 回滚从 06:44:36 到 06:49:02，用时 5 分 26 秒", "5 分 26 秒"),
    "en-reversed": ("The pay-svc rollback ran for 6 min 38 s, from 16:21:40 to 16:15:02", "6 min 38 s"),
    "zh-reversed": ("stock-svc 回滚从 06:49:02 到 06:44:36，用时 4 分 26 秒", "4 分 26 秒"),
    "zh-events-wrong": ("告警 StockSyncLag 从触发到恢复历时 50 分钟", "50 分钟"),
    "zh-events-reversed": ("告警 StockSyncLag 从恢复到触发历时 51 分钟", "51 分钟"),
    "zh-events-other-alert": ("告警 StockDrift 从触发到恢复历时 48 分钟", "48 分钟"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_interval_between_the_times_a_line_spans_is_traced = CASES.honest_traced()
test_an_interval_between_the_times_a_line_spans_is_a_finding = CASES.honest_confirmed()
test_an_interval_the_spanned_times_do_not_give_is_not_traced = CASES.lies_untraced()
test_an_interval_the_spanned_times_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
