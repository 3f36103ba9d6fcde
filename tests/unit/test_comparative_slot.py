"""Which way a comparison goes is a slot of a closed class (app/domain/slots.py, "comparative"):
"higher than" / "above" / 高于 / "比基线高 25 个百分点" against "lower than" / "below" / 低于 / "比基线低
25 个百分点". A line that restates an evidence line's comparison the other way round keeps every
number and name of it and is not traced; its twins, the same way in other words ("above" for
"higher than", 高了 for 高), are. And an alert or a ticket acknowledged is told in Chinese by 确认
with or without 已 ("由 刘洋 确认"): "由 刘洋 关闭" of that line is another state of the alert."""

from __future__ import annotations

import pytest

from app.domain import slots
from tests.unit.rule_cases import RuleCases

EN = "\n".join([
    "2026-12-01T08:30:00Z metrics: api-3 error rate 25 points lower than the baseline",
    "2026-12-01T08:31:00Z metrics: api-4 p99 latency 40% higher than last week",
    "2026-12-01T08:20:00Z alertmanager: alert DiskFull on db-7 acknowledged by l.yang"])
ZH = "\n".join([
    "2026-12-01T08:20:00Z alertmanager: 告警 DiskFull(db-7) 由 刘洋 确认",
    "2026-12-01T08:30:00Z metrics: api-3 错误率 比 基线 低 25 个百分点",
    "2026-12-01T08:31:00Z metrics: api-4 p99 延迟 比上周 高 40%"])

TURNED = {
    "en-higher-for-lower": ("api-3's error rate was 25 points higher than the baseline", "higher"),
    "en-below-for-higher": ("api-4 p99 latency was 40% below last week", "below"),
    "zh-higher-for-lower": ("api-3 错误率比基线高 25 个百分点", "高 25"),
    "zh-lower-for-higher": ("api-4 p99 延迟比上周低 40%", "低 40%"),
    "zh-below-word": ("api-4 p99 延迟低于上周 40%", "低于"),
    "zh-closed-for-acknowledged": ("告警 DiskFull(db-7) 由 刘洋 关闭", "关闭"),
}
SAME = {
    "en-lower": "api-3's error rate was 25 points lower than the baseline",
    "en-higher": "api-4 p99 latency was 40% higher than last week",
    "zh-lower": "api-3 错误率比基线低了 25 个百分点",
    "zh-higher": "api-4 的 p99 延迟比上周高了 40%",
    "zh-acknowledged": "告警 DiskFull(db-7) 已由 刘洋 确认",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


@pytest.mark.parametrize(("line", "item", "other"), [
    ("25 points higher than the baseline", "25 points lower than the baseline", "comparative"),
    ("40% below last week", "40% above last week", "comparative"),
    ("比基线高 25 个百分点", "比 基线 低 25 个百分点", "comparative"),
    ("比上周少了 300 次", "比上周多 300 次", "comparative"),
    ("高于阈值", "比阈值低 5%", "comparative"),
    ("40% above last week", "40% higher than last week", None),
    ("比上周高了 40%", "高于上周 40%", None),
    ("比上周大幅下降", "比上周高 40%", None),  # 大幅 is no comparison's 大: no value given
    ("higher than the baseline", "error rate 2.1%", None),  # the item compares nothing: not judged here
    ("告警 A 由 刘洋 关闭", "告警 A 由 刘洋 确认", "ticket state"),
    ("告警 A 已确认", "告警 A 由 刘洋 确认", None),
    ("告警 A 由 刘洋 关闭", "告警 A 尚未确认", "ticket state"),  # not acknowledged: open
], ids=["en-higher-lower", "en-below-above", "zh-high-low", "zh-less-more", "zh-word-form", "en-synonym",
        "zh-synonym", "zh-other-sense", "item-silent", "zh-closed-acked", "zh-acked-same", "zh-unacked"])
def test_which_way_a_comparison_goes_is_the_items(line: str, item: str, other: str | None) -> None:
    assert slots.other_value(line, item) == other


CASES = RuleCases(_log, TURNED, SAME)

test_a_comparison_turned_is_not_traced = CASES.lies_untraced()
test_the_same_comparison_in_other_words_is_traced = CASES.honest_traced()
test_a_claim_turning_a_comparison_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_twin_is_a_confirmed_finding = CASES.honest_confirmed()
