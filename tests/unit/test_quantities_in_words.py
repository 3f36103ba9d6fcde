"""A quantity with its number in words (app/domain/units.py, ``held_value``): "one minute" is the
60s a line writes, "two minutes" its 120 秒; read as its digits and unit, it is held in any spelling
of its dimension, as "1 minute" is. Another value in words ("five minutes") stays refused. With the
rule off, the honest claims are refused ("names 'one minute'")."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases

EN = "2026-05-11T03:10:00Z ops-log: reloaded haproxy on px-1 with config r9 (timeout http-keep-alive 2s -> 60s)"
ZH = "2026-05-12T04:00:00Z 交换机 sw-7：端口 Eth1/3 链路中断 120 秒"

HONEST = {
    "en-word": "With config r9 the http-keep-alive timeout on px-1 went from 2 seconds to one minute",
    "en-zh-log": "Port Eth1/3 of switch sw-7 was down for two minutes",
}
LIES = {
    "en-other-value": ("With config r9 the http-keep-alive timeout on px-1 went from 2 seconds to five minutes",
                       "five minutes"),
    "en-zh-log-other-value": ("Port Eth1/3 of switch sw-7 was down for three minutes", "three minutes"),
}
CASES = RuleCases(lambda text: EN if "r9" in text else ZH, LIES, HONEST)

test_a_quantity_in_words_the_line_holds_is_traced = CASES.honest_traced()
test_a_quantity_in_words_the_line_holds_is_a_finding = CASES.honest_confirmed()
test_another_quantity_in_words_is_not_traced = CASES.lies_untraced()
test_another_quantity_in_words_is_not_read_as_fact = CASES.lies_not_read_as_fact()
