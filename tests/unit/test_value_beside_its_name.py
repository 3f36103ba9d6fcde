"""A value an item says in a stretch naming the line's name stays that name's, however many names
the stretch holds (app/domain/binding.py ``moved_value``, ``_beside``): "At 10:41 edge-01 was at
scur 640 of maxconn 4000" restates "edge-01: frontend fe_web scur 640 of maxconn 4000; edge-02:
scur 610 of maxconn 4000", though the part naming edge-02 alone also says 4000. With the rule off,
4000 is read as edge-02's only (the stretch naming edge-01 names fe_web too, so it tied 4000 to
no one) and the honest line is refused as moving it. The lie of the same shape stays refused: a
value the item says only in a stretch of another name ("edge-01 … 610")."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-02T10:30:00Z ops-log: c.ng reloaded haproxy on edge-01 and edge-02",
    "2026-12-02T10:41:00Z haproxy edge-01: frontend fe_web scur 640 of maxconn 4000; edge-02: scur 610 of maxconn 4000",
])
ZH = "\n".join([
    "2026-12-02T10:30:00Z 运维日志: 吴昊 在 edge-01、edge-02 上重载 haproxy",
    "2026-12-02T10:41:00Z haproxy edge-01：前端 fe_web 当前连接 640 / maxconn 4000；edge-02：当前连接 610 / maxconn 4000",
])

HONEST = {
    "en-both-values-of-its-stretch": "At 10:41 edge-01 was at scur 640 of maxconn 4000",
    "zh-both-values-of-its-stretch": "10:41 edge-01 的 maxconn 为 4000，当前连接 640",
}
LIES = {
    "en-a-value-of-another-name": ("At 10:41 edge-01 was at scur 610 of maxconn 4000", "610"),
    "zh-a-value-of-another-name": ("10:41 edge-01 当前连接 610", "610"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_values_of_a_stretch_naming_it_are_traced = CASES.honest_traced()
test_values_of_a_stretch_naming_it_are_confirmed = CASES.honest_confirmed()
test_a_value_of_another_name_is_not_traced = CASES.lies_untraced()
test_a_value_of_another_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
