"""A negator written into the word it denies (app/domain/fused_negation.py): 不正常 is cut 不正 + 常,
so no negator stands before 正常; "unreachable" is one English word. A line so denying a word its
item writes un-negated is not traced; one restating the word, or a negated word its item writes
so itself, is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-06-02T10:00:00Z probe: replica db-r3 reachable, lag 2 s",
    "2026-06-02T10:05:00Z ops-log: m.ito locked account svc-report",
    "2026-06-02T10:07:00Z probe: db-r4 unreachable for 90 s"])
ZH = "\n".join([
    "2026-06-03 09:00:00 网关 gw-east：上游 order-svc 正常，成功率 99.9%",
    "2026-06-03 09:02:00 巡检：磁盘 sdb 健康，温度 41 度",
    "2026-06-03 09:04:00 巡检：节点 node-12 不可用，已隔离"])

LIES = {  # claim, what must not be read as fact
    "zh-bu-zhengchang": ("上游 order-svc 也不正常", "order-svc 也不正常"),
    "zh-bu-zhengchang-timed": ("09:00 gw-east 的上游 order-svc 不正常", "order-svc 不正常"),
    "zh-bu-jiankang": ("磁盘 sdb 不健康", "sdb 不健康"),
    "en-un-prefix": ("Replica db-r3 was unreachable", "db-r3 was unreachable"),
    "en-un-verb": ("m.ito unlocked account svc-report", "unlocked account svc-report"),
}
HONEST = {
    "zh-zhengchang": "上游 order-svc 正常",
    "zh-jiankang": "磁盘 sdb 健康，温度 41 度",
    "zh-negated-in-its-line": "节点 node-12 不可用",
    "en-reachable": "Replica db-r3 was reachable",
    "en-unreachable-in-its-line": "db-r4 was unreachable for 90 s",
    "en-locked": "m.ito locked account svc-report",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_fused_negation_of_its_word_is_not_traced = CASES.lies_untraced()
test_a_fused_negation_of_its_word_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_word_as_its_line_writes_it_is_traced = CASES.honest_traced()
test_a_word_as_its_line_writes_it_is_a_confirmed_finding = CASES.honest_confirmed()
