"""A state stays with its name (app/domain/slots.py ``other_value``, ``_given_another``).

An item giving two states of one class for two names ("resolved for cache-node-3; still firing for
cache-node-5") may be restated with either state, but each with its own name: "resolved for
cache-node-5" keeps every token and a state the item gives, and puts it on the name whose part of
the item gives the other. A value stays with its name, as a number does (``binding.moved_value``).

Each lie is not read as fact with the offline engine or a trusting Verifier, and a lying Composer's
sentence doing it is refused; honest twins are confirmed findings."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases
from tests.unit.test_value_owner_and_membership import _log

EN = "\n".join([
    "2026-12-02T11:20:00Z alertmanager: alert DiskPressure resolved for cache-node-3; still firing for cache-node-5",
    "2026-12-02T11:30:00Z cron: job compact-logs on cache-node-3 succeeded, job compact-logs on cache-node-5 failed"])
ZH = "\n".join([
    "2026-12-02T03:20:00Z 告警平台: 告警 DiskPressure 在 cache-node-3 已解决；在 cache-node-5 仍在触发",
    "2026-12-02T03:30:00Z 定时任务: cache-node-3 上的任务 compact-logs 成功，cache-node-5 上的任务 compact-logs 失败"])

MOVED = {  # the claim, and what must not be read as fact
    "en-resolved-moved": ("At 11:20 alert DiskPressure was resolved for cache-node-5 as well", "resolved for cache-node-5"),
    "en-firing-moved": ("At 11:20 alert DiskPressure was still firing for cache-node-3", "firing for cache-node-3"),
    "en-job-moved": ("The compact-logs job on cache-node-5 succeeded at 11:30", "cache-node-5 succeeded"),
    "zh-resolved-moved": ("03:20 告警 DiskPressure 在 cache-node-5 已解决", "cache-node-5 已解决"),
    "zh-job-moved": ("03:30 cache-node-5 上的任务 compact-logs 成功", "compact-logs 成功"),
}
HONEST = {
    "en-resolved-own": "At 11:20 alert DiskPressure was resolved for cache-node-3",
    "en-firing-own": "At 11:20 alert DiskPressure was still firing for cache-node-5",
    "en-job-own": "The compact-logs job on cache-node-5 failed at 11:30",
    "zh-resolved-own": "03:20 告警 DiskPressure 在 cache-node-3 已解决",
    "zh-job-own": "03:30 cache-node-5 上的任务 compact-logs 失败",
}


def _logs(text: str) -> str:
    return ZH if _log(text) != _log("") else EN


CASES = RuleCases(_logs, MOVED, HONEST)

test_a_state_put_on_the_other_name_is_not_traced = CASES.lies_untraced()
test_a_state_kept_with_its_name_is_traced = CASES.honest_traced()
test_a_claim_moving_a_state_to_another_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_claim_keeping_a_state_with_its_name_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_composer_sentence_moving_a_state_is_refused = CASES.composer_sentences({
    "en-moved": (HONEST["en-firing-own"], "At 11:20 alert DiskPressure was resolved for cache-node-5.", False),
    "en-moved-honest": (HONEST["en-firing-own"], "At 11:20 alert DiskPressure was still firing for cache-node-5.", True),
    "zh-moved": (HONEST["zh-resolved-own"], "03:20 告警 DiskPressure 在 cache-node-5 已解决。", False),
    "zh-moved-honest": (HONEST["zh-resolved-own"], "03:20 告警 DiskPressure 在 cache-node-3 已解决。", True),
})
