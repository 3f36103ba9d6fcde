"""Where a change began is not where it ended (app/domain/change_start.py): "config rev 8 lowered
num.io.threads from 24 to 12" of "num.io.threads is 24 (config rev 8, raised from 12)" swaps the two
values and turns the direction with them. A number its item writes once as a change's start is not
the end of the line's change; one it writes once as the end of a change told without its start is
not the start of one."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-07-03T09:00:00Z kafka-3: num.io.threads is 24 (config rev 8, raised from 12 on 2026-06-30)",
    "2026-07-03T09:05:00Z ops-log: j.ortiz set max.connections on kafka-3 to 4000 (default 2000)"])
ZH = "\n".join([
    "2026-07-03 09:00:00 kafka-3：num.io.threads 为 24（配置 rev 8，2026-06-30 由 12 调高）",
    "2026-07-03 09:05:00 运维日志：周明 把 kafka-3 的 max.connections 调到 4000（默认 2000）"])

LIES = {  # claim, what must not be read as fact
    "en-start-and-end-swapped": ("config rev 8 lowered num.io.threads from 24 to 12", "from 24 to 12"),
    "en-start-as-end": ("config rev 8 set num.io.threads to 12", "to 12"),
    "en-end-as-start": ("j.ortiz set max.connections on kafka-3 from 4000 to 2000", "from 4000 to 2000"),
    "zh-start-and-end-swapped": ("配置 rev 8 把 num.io.threads 从 24 调低到 12", "从 24 调低到 12"),
    "zh-start-as-end": ("配置 rev 8 把 num.io.threads 调到 12", "调到 12"),
    "zh-end-as-start": ("周明 把 kafka-3 的 max.connections 从 4000 调到 2000", "从 4000 调到 2000"),
}
HONEST = {
    "en-change-as-told": "config rev 8 raised num.io.threads from 12 to 24",
    "en-end-as-told": "j.ortiz set max.connections on kafka-3 to 4000",
    "zh-change-as-told": "配置 rev 8 把 num.io.threads 从 12 调高到 24",
    "zh-end-as-told": "周明 把 kafka-3 的 max.connections 调到 4000",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_change_start_put_at_its_end_is_not_traced = CASES.lies_untraced()
test_a_change_start_put_at_its_end_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_change_as_told_is_traced = CASES.honest_traced()
test_a_change_as_told_is_a_confirmed_finding = CASES.honest_confirmed()
