"""A figure per item whose noun is of several words (app/domain/derived.py): "the 38 client agents
averaged about 5.6 catalog register errors each in 1 min" is 214 errors over the 38 agents of "214
catalog register errors in 1 min across 38 client agents", as "about 5.6 errors each" is. Another
figure, or one over a count the line does not give, is not held."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T10:10:00Z prometheus: consul_raft_leader 0 on cs-01; "
      "214 catalog register errors in 1 min across 38 client agents\n"
      "2026-12-05T10:21:00Z alertmanager: ConsulNoLeader resolved; catalog register errors 0 in last 5 min")
ZH = ("2026-12-05 10:10:00 prometheus：cs-01 上 consul_raft_leader 为 0；1 分钟内 38 个客户端代理共 214 次目录注册错误\n"
      "2026-12-05 10:21:00 alertmanager：ConsulNoLeader 恢复；最近 5 分钟目录注册错误为 0")

LIES = {  # claim, what must not be read as fact
    "en-other-figure": ("At 10:10:00 the 38 client agents averaged about 6.6 catalog register errors each in 1 min",
                        "about 6.6"),
    "en-other-count": ("At 10:10:00 the 40 client agents averaged about 5.4 catalog register errors each in 1 min",
                       "about 5.4"),
    "en-exact": ("At 10:10:00 the 38 client agents averaged 5 catalog register errors each in 1 min", "averaged 5"),
    "zh-other-figure": ("1 分钟内 38 个客户端代理平均每个约 7.6 次目录注册错误", "7.6"),
}
HONEST = {
    "en-each": "At 10:10:00 the 38 client agents averaged about 5.6 catalog register errors each in 1 min",
    "en-per": "At 10:10:00 there were about 5.6 catalog register errors per client agent in 1 min",
    "zh-each": "1 分钟内 38 个客户端代理平均每个约 5.6 次目录注册错误",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
SHOWN = RuleCases(by_language(EN, ZH), LIES, {k: v for k, v in HONEST.items() if k.startswith("en-")})
"""The Chinese figure per item is traced, but its answer is refused before the trace (the Gatekeeper
reads "每个约 5.6 次" as a value no line holds): confirmed in English only."""

test_another_figure_per_item_is_not_traced = CASES.lies_untraced()
test_another_figure_per_item_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_figure_per_item_of_a_long_noun_is_traced = CASES.honest_traced()
test_a_figure_per_item_of_a_long_noun_is_a_confirmed_finding = SHOWN.honest_confirmed()
