"""时 after a clock time ("10:02 时", at 10:02) is no subject term (app/domain/provenance.py,
``stems``), as the English stopword "at" is none, so the second term of a multiple across two lines
("约为 10:02 时 41.2% 的两倍"), a clause of its own, is traced to its line. Its values still must be one item's: the term put at another time or on another name is
not traced, nor read as fact."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-30T10:02:00Z cdn-monitor: hit ratio fell from 96.5% to 41.2%",
    "2026-11-30T10:03:30Z origin-shield sh-bj-01: origin QPS 18200",
    "2026-11-30T10:07:20Z origin-shield sh-sh-02: origin QPS 9400",
    "2026-11-30T10:18:00Z cdn-monitor: hit ratio back to 82.7%"])
ZH = "\n".join([
    "2026-11-30 10:02:00 CDN 监控：全网命中率从 96.5% 降到 41.2%",
    "2026-11-30 10:03:30 origin-shield sh-bj-01：回源 QPS 18200",
    "2026-11-30 10:07:20 origin-shield sh-sh-02：回源 QPS 9400",
    "2026-11-30 10:18:00 CDN 监控：命中率回升到 82.7%"])

LIES = {
    "zh-other-time": ("10:18 的命中率 82.7% 约为 10:18 时 41.2% 的两倍", "41.2%"),
    "zh-other-name": ("10:03:30 sh-bj-01 的回源 QPS 18200，约为 sh-bj-01 在 10:07:20 的 9400 的两倍", "9400"),
    "en-other-name": ("At 10:03:30 sh-bj-01 had origin QPS 18200, about twice the 9400 of sh-bj-01 at 10:07:20", "9400"),
}
HONEST = {
    "zh-at-clock": "10:18 的命中率 82.7% 约为 10:02 时 41.2% 的两倍",
    "zh-at-clock-time": "10:02 时命中率 41.2%，10:18 时回升到 82.7%",
    "en-at": "At 10:03:30 sh-bj-01 had origin QPS 18200, about twice the 9400 of sh-sh-02 at 10:07:20",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_term_of_a_multiple_in_words_of_grammar_is_traced = CASES.honest_traced()
test_a_term_of_a_multiple_in_words_of_grammar_is_confirmed = CASES.honest_confirmed()
test_a_term_at_another_time_or_name_is_not_traced = CASES.lies_untraced()
test_a_term_at_another_time_or_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
