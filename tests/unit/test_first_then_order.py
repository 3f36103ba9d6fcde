"""Two steps told in order by 先 … ，再 … or 先 … ，后 … (app/domain/chronology.py): a 再 or 后
opening a clause is "then", as 然后 is, so a line putting first the step its lines date later is
not traced; one telling them in their lines' order is. (English "first A, then B" is read by its
"then" already, and kept here as the same form.) The order is judged also where one item holds
the whole line's words, when both sides are events: "40 ms before 07:15" orders no two events."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-05-11T07:02:00Z ops-log: k.osei drained node worker-7",
    "2026-05-11T07:15:00Z ops-log: k.osei cordoned node worker-9",
    "2026-05-11T07:40:00Z ops-log: k.osei rebooted node worker-7",
    "2026-05-11T07:50:00Z api-gw: p95 latency 180 ms (40 ms before 07:15)"])
ZH = "\n".join([
    "2026-05-12 14:02:00 运维日志：陈蕾 暂停 job-etl-77 的调度",
    "2026-05-12 14:09:00 运维日志：陈蕾 将 kafka-sink 的批大小由 500 调为 2000",
    "2026-05-12 14:30:00 运维日志：陈蕾 重启 kafka-sink"])

LIES = {  # claim, what must not be read as fact
    "zh-xian-zai-turned": ("陈蕾 先调大 kafka-sink 的批大小，再暂停 job-etl-77 的调度", "先调大 kafka-sink 的批大小"),
    "zh-xian-hou-turned": ("陈蕾 先重启 kafka-sink，后暂停 job-etl-77 的调度", "先重启 kafka-sink"),
    "zh-zai-after-space-turned": ("陈蕾 先重启 kafka-sink， 再把批大小由 500 调为 2000", "先重启 kafka-sink"),
    "en-first-then-turned": ("k.osei first rebooted worker-7, then cordoned worker-9", "first rebooted worker-7"),
}
HONEST = {
    "zh-xian-zai-in-order": "陈蕾 先暂停 job-etl-77 的调度，再调大 kafka-sink 的批大小",
    "zh-xian-hou-in-order": "陈蕾 先把 kafka-sink 的批大小由 500 调为 2000，后重启 kafka-sink",
    "zh-zai-ci-is-again": "14:30 陈蕾 再次重启 kafka-sink",
    "en-first-then-in-order": "k.osei first drained worker-7, then cordoned worker-9",
    "en-value-before-a-time": "api-gw p95 latency was 40 ms before 07:15",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_first_then_order_turned_is_not_traced = CASES.lies_untraced()
test_a_first_then_order_turned_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_first_then_order_kept_is_traced = CASES.honest_traced()
test_a_first_then_order_kept_is_a_confirmed_finding = CASES.honest_confirmed()
