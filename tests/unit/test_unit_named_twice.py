"""A unit after two numbers is no thing named twice (app/domain/qualified.py ``_unit``).

"07:12 消费速率 1480 msg/s，约是 06:41 时 340 msg/s 的 4.4 倍" writes ``msg/s`` after each of its
values. Read as one name mentioned twice and told apart by the words before each, the line crossed
itself: a Composer restating the confirmed claim word for word was refused. A unit is not such a
name; a name mentioned twice and told apart by a qualifier still keeps what is said of each
("新 pod ledger-2 仍运行 v4.18.0" where the old pod runs it)."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-21T06:41:10Z rabbitmq mq-1: queue orders backlog 61877 messages, consume rate 340 msg/s",
    "2026-11-21T07:12:45Z rabbitmq mq-1: queue orders backlog 3120 messages, consume rate 1480 msg/s",
    "2026-11-21T06:50:00Z deploy-log: new ledger-2 pod Pending, old ledger-2 pod still running v4.18.0"])
ZH = "\n".join([
    "2026-11-21T06:41:10Z rabbitmq mq-1: 队列 orders 消息堆积 61877 条，消费速率 340 msg/s",
    "2026-11-21T07:12:45Z rabbitmq mq-1: 队列 orders 消息堆积 3120 条，消费速率 1480 msg/s",
    "2026-11-21T06:50:00Z 发布记录: 新 pod ledger-2 Pending，旧 pod ledger-2 仍运行 v4.18.0"])

EN_RATE = "At 07:12 the consume rate was 1480 msg/s, about 4.4 times the 340 msg/s at 06:41"
ZH_RATE = "07:12 消费速率 1480 msg/s，约是 06:41 时 340 msg/s 的 4.4 倍"
HONEST = {"en-unit-twice": EN_RATE, "zh-unit-twice": ZH_RATE}
LIES = {
    "en-qualified-crossed": ("the new ledger-2 pod was running v4.18.0", "new ledger-2 pod was running"),
    "zh-qualified-crossed": ("新 pod ledger-2 仍运行 v4.18.0", "新 pod ledger-2 仍运行"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_line_with_a_unit_twice_is_traced = CASES.honest_traced()
test_a_line_with_a_unit_twice_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_name_told_apart_keeps_what_is_said_of_each = CASES.lies_untraced()
test_a_name_told_apart_is_not_read_as_fact_of_the_other = CASES.lies_not_read_as_fact()
test_a_composer_restating_a_line_with_a_unit_twice_is_taken = CASES.composer_sentences({
    "en-same-words": (EN_RATE, EN_RATE, True),
    "zh-same-words": (ZH_RATE, ZH_RATE, True),
    "zh-ascii-comma": (ZH_RATE, ZH_RATE.replace("，", ","), True),
    "zh-qualified-crossed": (ZH_RATE, "新 pod ledger-2 仍运行 v4.18.0", False),
})
