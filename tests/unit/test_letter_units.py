"""A number with one letter for its unit ("7.6G / 8G") is a term of a ratio (app/domain/derived.py,
``numbers``): G is no unit of the table (GB or GiB), so it is a kind of its own, and a share of two
such numbers is of that letter: "占 8G 的 95%" of "JVM 堆使用 7.6G / 8G". With the rule off the
honest claims are refused ("'95%' is in no evidence"); a share the numbers do not give stays
refused."""

from __future__ import annotations

from app.domain import derived
from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-05-11T20:09:30Z zk-02 (leader): zk_watch_count 1870000, JVM heap used 7.6G / 8G"
ZH = "2026-05-12 20:09:30 zk-02（leader）：zk_watch_count 由 41 万升至 187 万，JVM 堆使用 7.6G / 8G"

HONEST = {
    "en-share": "At 20:09:30 zk-02's JVM heap used 7.6G of 8G, 95%",
    "zh-share": "20:09:30 zk-02 的 JVM 堆用了 7.6G，占 8G 的 95%",
}
LIES = {
    "en-wrong-share": ("At 20:09:30 zk-02's JVM heap used 7.6G of 8G, 85%", "85%"),
    "zh-wrong-share": ("20:09:30 zk-02 的 JVM 堆用了 7.6G，占 8G 的 85%", "85%"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)


def test_a_number_with_a_letter_for_its_unit_is_of_that_letter() -> None:
    assert derived.numbers("堆使用 7.6G / 8g, 3 GB") == (("'G'", 7.6), ("'G'", 8.0), ("size", 3e9))


test_a_share_of_letter_units_is_traced = CASES.honest_traced()
test_a_share_of_letter_units_is_confirmed = CASES.honest_confirmed()
test_a_wrong_share_of_letter_units_is_not_traced = CASES.lies_untraced()
test_a_wrong_share_of_letter_units_is_not_read_as_fact = CASES.lies_not_read_as_fact()
