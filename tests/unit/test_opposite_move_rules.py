"""A move out of a set is not the move back into it (app/domain/direction.py ``opposite_move``):
"before taking them out of the DNS round robin" for "put lb-01 and lb-02 back in the DNS round
robin" reads the removal at the time of the return. Such a line is not traced to the return; each
move at its own time is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T10:00:00Z ops-log: a.ng removed web-7 from the nginx upstream pool",
    "2026-12-05T10:05:00Z ops-log: a.ng restarted php-fpm on web-7",
    "2026-12-05T10:09:00Z ops-log: a.ng put web-7 back in the nginx upstream pool"])
ZH = "\n".join([
    "2026-12-05 10:00:00 运维日志：李娜 把 node-5 从 ingress 后端移除",
    "2026-12-05 10:10:00 运维日志：李娜 重启 node-5 上的 kubelet",
    "2026-12-05 10:20:00 运维日志：李娜 把 node-5 加回 ingress 后端"])

LIES = {  # claim, what must not be read as fact
    "en-removal-after-the-restart": ("a.ng restarted php-fpm on web-7 before taking it out of the nginx upstream pool",
                                     "before taking it out"),
    "en-removal-at-the-return": ("At 10:09 a.ng took web-7 out of the nginx upstream pool", "took web-7 out"),
    "zh-removal-at-the-return": ("10:20 李娜 把 node-5 从 ingress 后端移除", "从 ingress 后端移除"),
    "zh-return-at-the-removal": ("10:00 李娜 把 node-5 加回 ingress 后端", "加回 ingress 后端"),
}
HONEST = {
    "en-removal-at-its-time": "At 10:00 a.ng removed web-7 from the nginx upstream pool",
    "en-return-at-its-time": "At 10:09 a.ng put web-7 back in the nginx upstream pool",
    "zh-removal-at-its-time": "10:00 李娜 把 node-5 从 ingress 后端移除",
    "zh-return-at-its-time": "10:20 李娜 把 node-5 加回 ingress 后端",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_move_read_as_the_opposite_move_is_not_traced = CASES.lies_untraced()
test_a_move_read_as_the_opposite_move_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_move_at_its_own_time_is_traced = CASES.honest_traced()
test_a_move_at_its_own_time_is_a_confirmed_finding = CASES.honest_confirmed()
