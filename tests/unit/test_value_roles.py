"""Value roles (app/domain/roles.py, read by app/domain/slots.py): a number a log line gives has the
role its word names (the measured value, a threshold, a limit, a target, a baseline, a peak, an
average, a percentile; 阈值, 上限, 目标, 基线, 峰值, 平均, 当前). A line that keeps the numbers and
gives one the role the line gives another ("the CPU target is 91%" of "CPU 91% (target 60%)"), or
tells a threshold or a baseline as the measured value ("xid age is 200 million" of "age 150 million,
threshold 200 million"), is not traced, nor read as fact. Its honest twins: each number in its own
role in other words, a reference named by a comparison ("crossed 20", "超过 20") or as a change's
start ("from 38 ms")."""

from __future__ import annotations

import pytest

from app.domain import anchored, clause_count, provenance, roles
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T09:00:00Z hpa web-3: CPU 91% (target 60%), replicas 4",
    "2026-12-05T09:02:00Z postgres pay-db: oldest xid age 150 million, wraparound threshold 200 million",
    "2026-12-05T09:04:00Z alertmanager: HighErrors on api-gw count 57 > threshold 20",
    "2026-12-05T09:06:00Z probe: p99 latency to inventory-svc 210 ms (baseline 38 ms)",
    "2026-12-05T09:08:00Z grafana: queue depth on mq-2 peak 8400, average 1200",
    "2026-12-05T09:10:00Z apm: checkout latency p50 45 ms, p99 870 ms"])
ZH = "\n".join([
    "2026-12-05T09:00:00Z hpa web-3: CPU 使用率 91%（目标 60%）",
    "2026-12-05T09:04:00Z 告警: api-gw 错误数 57，阈值 20",
    "2026-12-05T09:06:00Z 拨测: inventory-svc p99 延迟 210 ms（基线 38 ms）",
    "2026-12-05T09:08:00Z 监控: mq-2 队列深度峰值 8400，平均 1200"])
LIES = {
    "en-measured-told-as-target": ("The CPU target of web-3 is 91%", "target of web-3 is 91%"),
    "en-target-told-as-measured": ("web-3 is running at 60% CPU", "60% CPU"),
    "en-threshold-told-as-measured": ("pay-db's oldest xid age is 200 million", "age is 200 million"),
    "en-measured-told-as-threshold": ("pay-db's wraparound threshold is 150 million", "threshold is 150"),
    "en-count-told-as-threshold": ("The HighErrors threshold on api-gw is 57", "threshold on api-gw is 57"),
    "en-threshold-told-as-count": ("HighErrors on api-gw: count 20", "count 20"),
    "en-baseline-told-as-value": ("p99 latency to inventory-svc was 38 ms", "38 ms"),
    "en-peak-told-as-average": ("queue depth on mq-2 averaged 8400", "averaged 8400"),
    "en-p50-told-as-p99": ("checkout latency p99 45 ms", "p99 45 ms"),
    "zh-measured-told-as-target": ("web-3 CPU 目标为 91%", "目标为 91%"),
    "zh-measured-told-as-target-compound": ("09:00 web-3 的 CPU 目标使用率为 91%", "目标使用率为 91%"),
    "zh-target-told-as-measured": ("web-3 CPU 使用率 60%", "使用率 60%"),
    "zh-count-told-as-threshold": ("api-gw 错误数阈值为 57", "阈值为 57"),
    "zh-threshold-told-as-count": ("api-gw 错误数 20", "错误数 20"),
    "zh-baseline-told-as-value": ("inventory-svc p99 延迟 38 ms", "延迟 38 ms"),
    "zh-peak-told-as-average": ("mq-2 队列深度平均 8400", "平均 8400"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, {
    "en-above-target": "web-3 CPU at 91%, above its 60% target",
    "en-against-target": "web-3 CPU was 91% against a target of 60%",
    "en-below-threshold": "pay-db's oldest xid age 150 million is below the 200 million wraparound threshold",
    "en-crossed": "HighErrors count 57 on api-gw crossed 20",
    "en-threshold-said": "HighErrors on api-gw: 57 errors, threshold 20",
    "en-from-baseline": "p99 latency to inventory-svc rose from 38 ms to 210 ms",
    "en-baseline-said": "inventory-svc p99 latency 210 ms against a 38 ms baseline",
    "en-peak-and-mean": "mq-2 queue depth peaked at 8400 with a mean of 1200",
    "en-percentiles": "checkout p99 latency 870 ms, p50 45 ms",
    "zh-above-target": "web-3 CPU 使用率 91%，高于目标 60%",
    "zh-over-threshold": "api-gw 错误数 57 超过阈值 20",
    "zh-baseline": "inventory-svc p99 延迟 210 ms，基线为 38 ms",
    "zh-peak-and-mean": "mq-2 队列深度的峰值为 8400，平均为 1200",
})
test_a_value_in_another_role_is_not_traced = CASES.lies_untraced()
test_a_value_in_another_role_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_each_value_in_its_role_is_traced = CASES.honest_traced()
test_each_value_in_its_role_is_a_confirmed_finding = CASES.honest_confirmed()


ALSO_REFUSED = {"en-target-told-as-measured", "en-p50-told-as-p99"}
"""Lies another check refuses too (a measure moved to another number; a value given another name)."""


def test_the_roles_are_needed(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no role read, some lie of this module is traced: the roles alone refuse it (a role word
    inside a compound, 目标使用率; the other forms are also refused by a word's own value,
    ``anchored``, and a value's place, ``places``; "api-gw 错误数 20", the threshold under the
    count's words, by a count's own clause words, ``clause_count``, switched off with it)."""
    monkeypatch.setattr(roles, "other_role", lambda line, item: None)
    monkeypatch.setattr(clause_count, "moved", lambda line, item: None)
    monkeypatch.setattr(anchored, "_compound", lambda *a: None)  # 阈值 read whole refuses one too
    anchored.values.cache_clear()
    for memo in (provenance._untraced, provenance._trace, provenance._traces):
        memo.cache_clear()
    try:
        assert any(provenance.Items(CASES.log_of(t).splitlines()).untraced(t) is None
                   for key, (t, _) in LIES.items() if key not in ALSO_REFUSED)
    finally:
        anchored.values.cache_clear()
        for memo in (provenance._untraced, provenance._trace, provenance._traces):
            memo.cache_clear()


def test_a_role_binds_the_number_nearest_it() -> None:
    assert roles.bound("CPU 91% (target 60%)") == (("91", frozenset(), False), ("60", frozenset({"target"}), False))
    assert roles.bound("CPU 91% against a 60% target")[1][1] == {"target"}
    assert roles.bound("count 57 over 20")[1][2]  # a number after a comparison is a reference
