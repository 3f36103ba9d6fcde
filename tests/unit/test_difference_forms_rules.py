"""A difference by its form: "leaving N" after a part of a whole (app/domain/derived.py
``_DIFFERENCES``).

"removed 1190 of 1950 images, leaving 760" works out what is left, the whole less the part its
line counts: one step over two numbers of the line, as "760 left" is. A remainder the numbers
do not give stays the claim's own."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-10-03T05:16:40Z ops-log: r.kim stopped image-gc on node-b7; 1190 of 1950 images removed"

LIES = {  # claim, what must not be read as fact
    "leaving-a-remainder-the-numbers-do-not-give": ("image-gc removed 1190 of 1950 images, leaving 860", "860"),
}
HONEST = {
    "leaving-the-remainder": "image-gc removed 1190 of 1950 images, leaving 760",
}
CASES = RuleCases(by_language(EN, EN), LIES, HONEST)

test_a_remainder_the_numbers_do_not_give_is_not_traced = CASES.lies_untraced()
test_a_remainder_the_numbers_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_remainder_after_leaving_is_traced = CASES.honest_traced()
test_a_remainder_after_leaving_is_a_confirmed_finding = CASES.honest_confirmed()
