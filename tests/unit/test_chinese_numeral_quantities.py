"""A quantity with its number in Chinese numerals is a value (app/domain/specific.py).

"三分钟" is three minutes, as "3分钟" is: compared as a value with the line's "120 秒" (not a bare
三 found in the 3 of "Eth1/3" or of 03:00), and "两分钟", a number the Unicode tables do not count as
one, is a token at all."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases

ZH = "\n".join([
    "2026-12-01T03:00:00Z 交换机 sw-7: 端口 Eth1/3 链路中断 120 秒",
    "2026-12-01T03:10:00Z 交换机 sw-9: 端口 Eth2/1 链路中断 300 秒",
    "2026-12-01T03:20:00Z 交换机 sw-4: 5 个交换机端口链路中断 180 秒"])

OTHER_VALUE = {  # the claim, and what must not be read as fact
    "three-for-120": ("交换机 sw-7 端口 Eth1/3 链路中断三分钟", "三分钟"),
    "two-for-300": ("交换机 sw-9 端口 Eth2/1 链路中断两分钟", "两分钟"),
    "ten-for-300": ("交换机 sw-9 链路中断十分钟", "十分钟"),
    "count-and-quantity": ("三个交换机端口链路中断三分钟", "三个交换机"),
}
SAME_VALUE = {
    "two-for-120": "交换机 sw-7 端口 Eth1/3 链路中断两分钟",
    "five-for-300": "交换机 sw-9 端口 Eth2/1 链路中断五分钟",
}
CASES = RuleCases(lambda _: ZH, OTHER_VALUE, SAME_VALUE)

test_a_quantity_in_numerals_of_another_value_is_not_traced = CASES.lies_untraced()
test_a_quantity_in_numerals_of_the_lines_value_is_traced = CASES.honest_traced()
test_a_claim_with_another_value_in_numerals_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_claim_with_the_lines_value_in_numerals_is_a_confirmed_finding = CASES.honest_confirmed()
