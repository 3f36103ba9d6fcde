"""A value stretched over a whole span its line does not give (app/domain/extent.py
``stretched``): "0 connection errors throughout the incident" for a reading at one time, "一共只有
47 个" for a count in 5 minutes. Such a line is not traced; the value at its time or in its window,
and a total its line gives as one, are."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T14:22:40Z haproxy lb-03: frontend fe_https scur 1120 of maxconn 4000, 0 connection errors",
    "2026-12-05T14:29:00Z haproxy lb-01: 6120 connection errors (listen queue overflow) in last 5 min",
    "2026-12-05T15:02:00Z postmortem: 18450 requests failed in total during the outage"])
ZH = "\n".join([
    "2026-12-05 09:21:00 告警 CartItemsMissing 触发：5 分钟内购物车丢失工单 47 个，级别 critical",
    "2026-12-05 09:30:00 巡检 rds-02：复制延迟 0 秒",
    "2026-12-05 10:05:00 运维日志：王磊 回填购物车数据，一共恢复 1188 条"])

LIES = {  # claim, what must not be read as fact
    "en-point-reading-throughout": ("lb-03 had zero connection errors throughout the incident",
                                    "throughout the incident"),
    "en-window-count-in-total": ("lb-01 had 6120 connection errors in total", "in total"),
    "zh-window-count-as-total": ("购物车丢失工单一共只有 47 个", "一共只有 47 个"),
    "zh-point-reading-whole-time": ("rds-02 复制延迟全程为 0 秒", "全程为 0 秒"),
}
HONEST = {
    "en-reading-at-its-time": "At 14:22:40 lb-03 had 0 connection errors",
    "en-count-in-its-window": "lb-01 had 6120 connection errors in the last 5 min at 14:29",
    "en-total-its-line-gives": "18450 requests failed in total during the outage",
    "zh-count-in-its-window": "09:21 告警 CartItemsMissing：5 分钟内购物车丢失工单 47 个",
    "zh-total-its-line-gives": "王磊 回填购物车数据，一共恢复 1188 条",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_value_stretched_over_a_whole_span_is_not_traced = CASES.lies_untraced()
test_a_value_stretched_over_a_whole_span_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_in_its_own_span_is_traced = CASES.honest_traced()
test_a_value_in_its_own_span_is_a_confirmed_finding = CASES.honest_confirmed()
