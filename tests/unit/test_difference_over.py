"""A difference told by "over" or "under" right after it ("212Gi, was 12Gi over the 200Gi
limit"), and a size in Kubernetes' binary units without the B (``200Gi``): the figure is worked out
of the two values the line names (app/domain/derived.py, units.py), and the word must go the way the
values go (app/domain/compared_difference.py). The wrong difference, or "under" where the value is
above its limit, is not held."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T07:48:12Z kubelet ci-node-07: evicted pod registry-mirror-0 "
      "(ephemeral-storage usage 212Gi exceeds limit 200Gi); emptyDir deleted")
ZH = ("2026-12-05 07:48:12 kubelet ci-node-07：驱逐 pod registry-mirror-0"
      "（ephemeral-storage 用量 212Gi 超过上限 200Gi），emptyDir 已删除")

LIES = {  # claim, what must not be read as fact
    "en-under": ("registry-mirror-0's ephemeral-storage usage, 212Gi, was 12Gi under the 200Gi limit", "12Gi under"),
    "en-other-difference": ("registry-mirror-0's ephemeral-storage usage, 212Gi, was 15Gi over the 200Gi limit",
                            "15Gi"),
    "en-under-gib": ("registry-mirror-0's ephemeral-storage usage was 212 GiB, 12 GiB under its 200 GiB limit",
                     "12 GiB under"),
    "zh-less": ("registry-mirror-0 的 ephemeral-storage 用量 212Gi，比 200Gi 的上限少 12Gi", "少 12Gi"),
    "zh-other-difference": ("registry-mirror-0 的 ephemeral-storage 用量 212Gi，比 200Gi 的上限多 15Gi", "15Gi"),
}
HONEST = {
    "en-over": "registry-mirror-0's ephemeral-storage usage, 212Gi, was 12Gi over the 200Gi limit",
    "en-over-gib": "registry-mirror-0's ephemeral-storage usage was 212 GiB, 12 GiB over its 200 GiB limit",
    "zh-more": "registry-mirror-0 的 ephemeral-storage 用量 212Gi，比 200Gi 的上限多 12Gi",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_wrong_or_turned_difference_is_not_traced = CASES.lies_untraced()
test_a_wrong_or_turned_difference_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_difference_over_its_limit_is_traced = CASES.honest_traced()
test_a_difference_over_its_limit_is_a_confirmed_finding = CASES.honest_confirmed()
