"""A multiple written as one word with its number ("tenfold", as "10-fold" and "十倍") is a figure
worked out, not a number named (app/domain/derived.py, ``_FORMS``): "raised tenfold, from 200 to
2000" is the ratio of the two values the line names. Held only where that ratio gives it: a
multiple the two values do not give ("ninefold", "twentyfold", "九倍") is a number no item holds."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-12-05T02:36:10Z ops-log: d.mensah set autovacuum_vacuum_cost_limit 200 -> 2000 on pg-billing-01"
ZH = "2026-12-05 02:36:10 运维日志：d.mensah 把 pg-billing-01 的 autovacuum_vacuum_cost_limit 由 200 调为 2000"

LIES = {
    "en-smaller-multiple": ("autovacuum_vacuum_cost_limit on pg-billing-01 was raised ninefold, from 200 to 2000",
                            "ninefold"),
    "en-larger-multiple": ("autovacuum_vacuum_cost_limit on pg-billing-01 was raised twentyfold, from 200 to 2000",
                           "twentyfold"),
    "zh-other-multiple": ("pg-billing-01 的 autovacuum_vacuum_cost_limit 由 200 调为 2000，是原来的九倍", "九倍"),
}
HONEST = {
    "en-fold": "autovacuum_vacuum_cost_limit on pg-billing-01 was raised tenfold, from 200 to 2000",
    "en-hedged-fold": "autovacuum_vacuum_cost_limit on pg-billing-01 rose about tenfold to 2000",
    "zh-multiple": "pg-billing-01 的 autovacuum_vacuum_cost_limit 由 200 调为 2000，是原来的十倍",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_multiple_the_values_do_not_give_is_not_traced = CASES.lies_untraced()
test_a_multiple_the_values_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_multiple_in_one_word_the_values_give_is_traced = CASES.honest_traced()
test_a_multiple_in_one_word_the_values_give_is_a_finding = CASES.honest_confirmed()
