"""A person a list adds to its line's event is the item's only if the item names them there
(app/domain/provenance.py ``Items._elided``, app/domain/apart.py): "KafkaLagHigh 触发后同时呼叫了 罗敏
和 唐磊" lists 唐磊 after the person paged, and restored in 罗敏's place ("呼叫了 唐磊") no item says
it: 唐磊 acknowledged the alert. A person is a name set apart opening with a surname, no token, so
the list's member is read by its form as a handle is in English ("paged both m.luo and l.tang").
A list of the people its item names together is traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-09-02T14:08:00Z alert KafkaLagHigh fired, severity P1, paged on-call m.luo\n"
      "2026-09-02T14:12:00Z alert KafkaLagHigh acknowledged by l.tang\n"
      "2026-09-02T14:30:00Z l.tang and m.luo scaled consumer-sync to 12 instances")
ZH = ("2026-09-02 14:08:00 告警：KafkaLagHigh 触发，级别 P1，呼叫值班 罗敏\n"
      "2026-09-02 14:12:00 告警 KafkaLagHigh 由 唐磊 确认\n"
      "2026-09-02 14:30:00 唐磊 和 罗敏 把 consumer-sync 扩容到 12 个实例")

LIES = {  # claim, what must not be read as fact
    "en-both": ("KafkaLagHigh paged both m.luo and l.tang", "m.luo and l.tang"),
    "zh-both": ("KafkaLagHigh 触发后同时呼叫了 罗敏 和 唐磊", "罗敏 和 唐磊"),
    "zh-with": ("KafkaLagHigh 触发后呼叫了 罗敏 和 唐磊", "罗敏 和 唐磊"),
}
HONEST = {
    "en-paged": "KafkaLagHigh paged m.luo",
    "en-pair": "l.tang and m.luo scaled consumer-sync to 12 instances",
    "zh-paged": "KafkaLagHigh 触发后呼叫了值班 罗敏",
    "zh-pair": "唐磊 和 罗敏 把 consumer-sync 扩容到 12 个实例",
    "zh-pair-turned": "罗敏 和 唐磊 把 consumer-sync 扩容到 12 个实例",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_person_a_list_adds_to_the_event_is_not_traced = CASES.lies_untraced()
test_a_person_a_list_adds_to_the_event_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_people_an_item_names_together_are_traced = CASES.honest_traced()
test_the_people_an_item_names_together_are_a_confirmed_finding = CASES.honest_confirmed()
