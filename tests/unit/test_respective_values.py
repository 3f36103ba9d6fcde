"""Two names, then two values, each pair joined by "and", give each name its value in order
(app/domain/respective.py): "gw-01 and gw-02 reached the connection limit at 08:21:30 and
08:22:05" is read as its two lines, each traced as written. With the rule off, no one line holds
both names and both times, and the honest line is refused. The lie of the same shape stays
refused: the values given to the names the other way round, or a value neither line gives."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-01T08:05:00Z envoy gw-01: active connections 1850; gw-02: 1790",
    "2026-12-01T08:21:30Z envoy gw-01: connection limit 4000 reached",
    "2026-12-01T08:22:05Z envoy gw-02: connection limit 4000 reached",
])
ZH = "\n".join([
    "2026-12-01T08:05:00Z envoy gw-01: 活跃连接 1850；gw-02: 1790",
    "2026-12-01T08:21:30Z envoy gw-01: 连接数达到上限 4000",
    "2026-12-01T08:22:05Z envoy gw-02: 连接数达到上限 4000",
])

HONEST = {
    "en-in-order": "gw-01 and gw-02 reached the connection limit 4000 at 08:21:30 and 08:22:05",
    "en-respectively": "gw-01 and gw-02 reached the connection limit 4000 at 08:21:30 and 08:22:05 respectively",
    "zh-respectively": "gw-01 和 gw-02 分别在 08:21:30 和 08:22:05 连接数达到上限 4000",
}
LIES = {
    "en-the-other-way-round": ("gw-01 and gw-02 reached the connection limit 4000 at 08:22:05 and 08:21:30",
                               "at 08:22:05 and 08:21:30"),
    "en-a-time-no-line-gives": ("gw-01 and gw-02 reached the connection limit 4000 at 08:21:30 and 08:23:05",
                                "08:23:05"),
    "zh-the-other-way-round": ("gw-01 和 gw-02 分别在 08:22:05 和 08:21:30 连接数达到上限 4000",
                               "08:22:05 和 08:21:30"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_each_name_with_its_value_is_traced = CASES.honest_traced()
test_each_name_with_its_value_is_confirmed = CASES.honest_confirmed()
test_values_the_other_way_round_are_not_traced = CASES.lies_untraced()
test_values_the_other_way_round_are_not_read_as_fact = CASES.lies_not_read_as_fact()
