"""A word of each-ness gives each member of a set its value (app/domain/extent.py ``distributed``):
"each of the 16 queues had 2314560 messages pending" of "the 16 queues have 2314560 messages pending
in total" gives every queue the whole's total, and "16 个队列各积压 2314560 条" of "16 个队列共积压
2314560 条" likewise. The value each-ness distributes must be one its item gives per member; the
total told as a total, and a per-member value told of each, stay traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T09:12:00Z rabbitmq-03: the 16 queues of vhost billing have 2314560 messages pending in total\n"
      "2026-12-05T09:13:00Z rabbitmq-03: vhost orders has 16 queues, 144660 messages pending in each queue\n"
      "2026-12-05T09:14:00Z rabbitmq-03: vhost audit: 2 queues in total, 4000 messages pending in each")
ZH = ("2026-12-05 09:12:00 rabbitmq-03：vhost billing 的 16 个队列共积压 2314560 条消息\n"
      "2026-12-05 09:13:00 rabbitmq-03：vhost orders 的 16 个队列每个积压 144660 条消息\n"
      "2026-12-05 09:14:00 rabbitmq-03：vhost audit 共 2 个队列，每个积压 4000 条消息")

LIES = {  # claim, what must not be read as fact
    "en-each-of": ("each of the 16 queues of vhost billing had 2314560 messages pending", "2314560"),
    "en-each-after": ("the 16 queues of vhost billing each had 2314560 messages pending", "2314560"),
    "en-apiece": ("the 16 queues of vhost billing had 2314560 messages pending apiece", "2314560"),
    "zh-ge": ("vhost billing 的 16 个队列各积压 2314560 条消息", "2314560"),
    "zh-ge-apart": ("vhost billing 的 16 个队列各自积压 2314560 条消息", "2314560"),
}
HONEST = {
    "en-total": "the 16 queues of vhost billing have 2314560 messages pending in total",
    "en-each-per-member": "each of the 16 queues of vhost orders had 144660 messages pending",
    "zh-total": "vhost billing 的 16 个队列共积压 2314560 条消息",
    "zh-ge-per-member": "vhost orders 的 16 个队列各积压 144660 条消息",
    "en-members-totalled": "each of the 2 queues of vhost audit had 4000 messages pending",
    "zh-members-totalled": "vhost audit 的 2 个队列各积压 4000 条消息",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_total_given_to_each_member_is_not_traced = CASES.lies_untraced()
test_a_total_given_to_each_member_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_total_or_a_value_per_member_is_traced = CASES.honest_traced()
test_a_total_or_a_value_per_member_is_a_confirmed_finding = CASES.honest_confirmed()
