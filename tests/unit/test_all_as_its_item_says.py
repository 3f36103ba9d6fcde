"""An adverb of all (都, 均) is held where the item holding the line's other tokens writes 全部 before
the same verb (app/domain/extent.py ``all_as_held``): "16 个队列的 offset 都被重置" of "16 个队列上
offset 全部重置" is one universal on one predicate, in the item's spelling. 都 before another verb
("16 个队列都待消费 2314560 条": the queues' total told of each) or of another item's event (the second
reset, which says no 全部) stays a word no item holds. English "all" is a word of the class its item
says, as before."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T01:52:15Z rmq-new broker-a: cg_order_fulfil offsets on all 16 queues of order_paid reset to the "
      "earliest position, 2314560 messages pending\n"
      "2026-12-05T02:31:10Z ops-log: z.lei reset cg_order_fulfil with resetOffsetByTime to 01:50:00, 18240 left")
ZH = ("2026-12-05 01:52:15 rmq-new broker-a：cg_order_fulfil 在 order_paid 的 16 个队列上 offset 全部重置到最早位置，"
      "待消费 2314560 条\n"
      "2026-12-05 02:31:10 运维日志：赵磊 用 resetOffsetByTime 把 cg_order_fulfil 重置到 01:50:00 的位置，剩余积压 18240 条")

LIES = {  # claim, what must not be read as fact
    "en-other-event": ("at 02:31:10 the cg_order_fulfil offsets were all reset to 01:50:00", "were all reset"),
    "zh-total-of-each": ("cg_order_fulfil 在 order_paid 的 16 个队列都待消费 2314560 条", "都待消费"),
    "zh-other-event": ("02:31:10 cg_order_fulfil 的 offset 都被重置到 01:50:00 的位置", "都被重置"),
}
HONEST = {
    "en-all": "cg_order_fulfil offsets on all 16 queues of order_paid were reset to the earliest position",
    "zh-all": "broker-a 上 cg_order_fulfil 在 order_paid 16 个队列的 offset 都被重置到最早位置",
    "zh-whole-and-all": "broker-a 上 cg_order_fulfil 在 order_paid 全部 16 个队列的 offset 都被重置到最早位置",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_all_on_another_predicate_is_not_traced = CASES.lies_untraced()
test_all_on_another_predicate_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_all_on_the_predicate_its_item_says_is_traced = CASES.honest_traced()
test_all_on_the_predicate_its_item_says_is_a_confirmed_finding = CASES.honest_confirmed()
