"""A value stays with its name, and a member's state with its line (app/domain/binding.py
``moved_value``, app/domain/slots.py's membership class).

- a line giving two things' values ("pdns-a NXDOMAIN rate 41.2% (pdns-b 0.4%)") ties each value to
  the name it follows in its stretch: "pdns-b had an NXDOMAIN rate of 41.2%" keeps every token and
  moves the value to the other name;
- whether a member of a pool takes work (in rotation, serving traffic, schedulable, uncordoned; or
  in maintenance, drained, cordoned, unschedulable; 可调度 / 不可调度) is a closed class: a line
  saying "back in rotation" of an item saying "still in MAINT" gives a state the item does not.

Each is not read as fact with the offline engine or a trusting Verifier, and a lying Composer's
sentence doing it is refused; honest twins are confirmed findings."""

from __future__ import annotations

import pytest

from app.domain import binding, slots
from tests.unit.rule_cases import RuleCases

EN = "\n".join([
    "2026-11-20T14:02:00Z grafana: pdns-a NXDOMAIN rate 41.2% of 8800 queries/min (pdns-b 0.4%)",
    "2026-11-20T14:05:10Z envoy lb-edge: upstream pdns-a set to MAINT by k.osei, traffic on pdns-b only",
    "2026-11-20T14:20:30Z envoy lb-edge: upstream pdns-a still in MAINT, health checks passing 3/3",
    "2026-11-20T14:31:00Z envoy lb-edge: upstream pdns-a back in rotation by k.osei"])
ZH = "\n".join([
    "2026-11-21T02:10:00Z 监控: 节点 node-sz-b-04 磁盘使用率 93%（node-sz-b-05 41%）",
    "2026-11-21T02:14:00Z 运维操作记录: wang.fei 对 node-sz-b-04 执行 kubectl cordon",
    "2026-11-21T02:40:00Z node-controller: 节点 node-sz-b-04 恢复 Ready，仍为 SchedulingDisabled，不可调度"])

MOVED = {  # the claim, and what must not be read as fact
    "en-value-moved": ("pdns-b had an NXDOMAIN rate of 41.2% at 14:02", "pdns-b had an NXDOMAIN rate of 41.2%"),
    "en-other-value-moved": ("pdns-a NXDOMAIN rate was 0.4% at 14:02", "pdns-a NXDOMAIN rate was 0.4%"),
    "zh-value-moved": ("节点 node-sz-b-05 磁盘使用率 93%", "node-sz-b-05 磁盘使用率 93%"),
    "en-back-in-rotation": ("By 14:20 pdns-a was back in rotation on envoy lb-edge", "back in rotation"),
    "en-serving": ("At 14:20 upstream pdns-a on envoy lb-edge was serving traffic again", "serving traffic"),
    "zh-schedulable": ("02:40 节点 node-sz-b-04 恢复 Ready，已可调度", "已可调度"),
    "zh-uncordoned": ("02:40 节点 node-sz-b-04 恢复 Ready，已经 uncordon", "uncordon"),
}
HONEST = {
    "en-own-value": "pdns-a had an NXDOMAIN rate of 41.2% at 14:02, pdns-b 0.4%",
    "en-value-of-line": "41.2% of pdns-a's 8800 queries/min were NXDOMAIN answers at 14:02",
    "zh-own-value": "节点 node-sz-b-04 磁盘使用率 93%，node-sz-b-05 为 41%",
    "en-still-maint": "At 14:20 pdns-a was still in MAINT on envoy lb-edge though health checks passed 3/3",
    "en-back-later": "k.osei put pdns-a back in rotation on envoy lb-edge at 14:31",
    "zh-unschedulable": "02:40 节点 node-sz-b-04 恢复 Ready，但仍为 SchedulingDisabled",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


CASES = RuleCases(_log, MOVED, HONEST)

test_a_value_or_state_put_on_another_name_is_not_traced = CASES.lies_untraced()
test_a_value_and_state_kept_with_their_line_are_traced = CASES.honest_traced()
test_a_claim_moving_a_value_or_state_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_claim_keeping_its_values_and_states_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_composer_sentence_moving_a_value_or_state_is_refused = CASES.composer_sentences({
    "en-moved": (HONEST["en-own-value"], "pdns-b had an NXDOMAIN rate of 41.2%.", False),
    "en-moved-honest": (HONEST["en-own-value"], "pdns-a had an NXDOMAIN rate of 41.2%.", True),
    "en-rotation": (HONEST["en-still-maint"], "At 14:20 pdns-a was back in rotation on envoy lb-edge.", False),
    "en-rotation-honest": (HONEST["en-still-maint"], "At 14:20 pdns-a was still in MAINT on envoy lb-edge.", True),
    "zh-schedulable": (HONEST["zh-unschedulable"], "02:40 节点 node-sz-b-04 恢复 Ready，已可调度。", False),
    "zh-schedulable-honest": (HONEST["zh-unschedulable"], "02:40 节点 node-sz-b-04 恢复 Ready，仍为 SchedulingDisabled。", True),
})


@pytest.mark.parametrize(("line", "moved"), [
    ("pdns-b had an NXDOMAIN rate of 41.2%", "41.2%"),
    ("pdns-a had an NXDOMAIN rate of 41.2%", None),
    ("dispatch.batch.size was changed by zhao.min from 200", None),  # two names before: said of neither for sure
    ("pdns-b 8800 queries/min", "8800")])
def test_a_value_belongs_to_the_one_name_before_it_in_its_stretch(line: str, moved: str | None) -> None:
    assert binding.moved_value(line, EN.splitlines()[0]) == moved


@pytest.mark.parametrize(("line", "value"), [
    ("pdns-a was back in rotation", 0), ("pdns-a was not back in rotation", 1), ("pdns-a is in MAINT", 1),
    ("node-sz-b-04 was uncordoned", 0), ("node-sz-b-04 was cordoned", 1), ("节点可调度", 0), ("节点不可调度", 1)])
def test_membership_is_one_slot_read_with_its_negator(line: str, value: int) -> None:
    k = [c.name for c in slots.CLASSES].index("membership")
    assert slots.values(line)[k] == frozenset({value})
