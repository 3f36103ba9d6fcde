"""The two terms of a multiple or a share a line names are each traced to a line of their own
(app/domain/steps.py ``without(apart=True)``, read by provenance ``Items._untraced``).

"The total lag of 640000 messages was 12.8 times the ConsumerLagHigh threshold of 50000" names both
terms in one clause, the lag of Burrow's line and the threshold of the alert's: once the figure and
its words are out, "A was; B" is two clauses, each traced as any clause, as "总堆积 640000 条，约为阈值
50000 条的 12.8 倍" is by its comma. A term put on a line that does not hold it (the threshold of
another alert) is still not traced, nor a figure its terms do not give."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-21T10:20:12Z burrow: group billing-sync topic invoices status ERR, total lag 640000 messages",
    "2026-11-21T10:22:48Z alertmanager: alert ConsumerLagHigh firing for group billing-sync (threshold 50000 messages)",
    "2026-11-21T10:25:00Z alertmanager: alert RebalanceStorm firing for group billing-sync (threshold 20 rebalances)"])
ZH = "\n".join([
    "2026-11-21T10:20:12Z burrow: 消费组 billing-sync 主题 invoices 状态 ERR，总堆积 640000 条",
    "2026-11-21T10:22:48Z 告警平台: 告警 ConsumerLagHigh 已触发，消费组 billing-sync，阈值 50000 条",
    "2026-11-21T10:25:00Z 告警平台: 告警 RebalanceStorm 已触发，消费组 billing-sync，阈值 20 次"])

HONEST = {
    "en-times": "The total lag of 640000 messages was 12.8 times the ConsumerLagHigh threshold of 50000",
    "en-about-times": "A total lag of 640000 messages is about 13 times the ConsumerLagHigh threshold of 50000",
    "zh-times": "总堆积 640000 条是告警 ConsumerLagHigh 阈值 50000 条的 12.8 倍",
    "zh-about-times": "总堆积 640000 条约为 ConsumerLagHigh 阈值 50000 条的 12.8 倍",
    "zh-comma-control": "总堆积 640000 条，约为告警 ConsumerLagHigh 阈值 50000 条的 12.8 倍",
}
LIES = {
    "en-another-alerts-threshold": ("The total lag of 640000 messages was 12.8 times the RebalanceStorm threshold of 50000",
                                    "RebalanceStorm threshold of 50000"),
    "en-another-figure": ("The total lag of 640000 messages was 20 times the ConsumerLagHigh threshold of 50000",
                          "20 times"),
    "zh-another-alerts-threshold": ("总堆积 640000 条是告警 RebalanceStorm 阈值 50000 条的 12.8 倍",
                                    "RebalanceStorm 阈值 50000 条"),
    "zh-another-figure": ("总堆积 640000 条是告警 ConsumerLagHigh 阈值 50000 条的 20 倍", "20 倍"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_multiple_of_two_named_terms_of_two_lines_is_traced = CASES.honest_traced()
test_a_multiple_of_two_named_terms_of_two_lines_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_term_on_a_line_not_holding_it_or_another_figure_is_not_traced = CASES.lies_untraced()
test_a_term_on_a_line_not_holding_it_or_another_figure_is_not_read_as_fact = CASES.lies_not_read_as_fact()
