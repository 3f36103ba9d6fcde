"""A person a line names that its item does not (app/domain/apart.py ``unheld_person``): "是 赵敏 把
gpu-a08 设为 cordon" of "刘洋 把 gpu-a08 设为 cordon" holds every specific token and term of the
item; the cut reads 赵敏 as two common characters, so the name was no specific token and the cleft
(是 … 把, 是 … 的) no agent's place. A run set apart that opens with a surname names a person in any
place, as a handle (``z.min``) does by its form: the item must hold it. The item's own person,
and a person set right against another ("是 刘洋 而不是 赵敏"), are traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-11-20T10:00:00Z ops-log: l.yang cordoned gpu-a08 and drained its training jobs\n"
      "2026-11-20T10:05:00Z alertmanager: GpuXidError firing, paged on-call z.min")
ZH = ("2026-11-20 10:00:00 运维日志：刘洋 把 gpu-a08 设为 cordon，排空训练任务\n"
      "2026-11-20 10:05:00 告警 GpuXidError 触发，通知值班 赵敏")

LIES = {  # claim, what must not be read as fact
    "zh-cleft-ba": ("是 赵敏 把 gpu-a08 设为 cordon", "赵敏 把"),
    "zh-cleft-de": ("gpu-a08 是 赵敏 设为 cordon 的", "赵敏 设为"),
    "zh-cleft-time": ("10:00 是 赵敏 把 gpu-a08 设为 cordon 并排空训练任务", "赵敏 把"),
    "zh-unknown": ("是 王伟 把 gpu-a08 设为 cordon", "王伟"),
    "en-handle": ("It was z.min who cordoned gpu-a08 and drained its training jobs", "z.min who"),
}
HONEST = {
    "zh-own": "是 刘洋 把 gpu-a08 设为 cordon",
    "zh-set-right": "是 刘洋 而不是 赵敏 把 gpu-a08 设为 cordon",
    "zh-paged": "GpuXidError 触发后通知了值班 赵敏",
    "en-own": "It was l.yang who cordoned gpu-a08",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_person_its_item_does_not_name_is_not_traced = CASES.lies_untraced()
test_a_person_its_item_does_not_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_items_own_person_is_traced = CASES.honest_traced()
test_the_items_own_person_is_a_confirmed_finding = CASES.honest_confirmed()
