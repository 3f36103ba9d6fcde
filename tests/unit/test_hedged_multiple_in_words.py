"""A multiple in words under a hedge is as precise as the same multiple in digits (app/domain/derived.py,
``figures``): "nearly twice its 9600 baseline" of 18400 reads 2 to its units place, as "nearly 2 times"
and "约为平时 9600 的两倍" do, so the honest restatement is traced. The hedge widens only to the units
place: a ratio that does not round to the word's number ("nearly twice" of 31000 over 12000, 2.6) is
not traced, nor read as fact; nor is a multiple in words without a hedge read loosely."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-28T18:40:00Z prometheus: ingress-nginx on prod-eu1 at 18400 requests/s (baseline 9600)",
    "2026-11-28T18:50:00Z prometheus: ingress-nginx on prod-eu2 at 31000 requests/s (baseline 12000)"])
ZH = "\n".join([
    "2026-11-30 10:03:30 origin-shield sh-bj-01：回源 QPS 18400（平时 9600）",
    "2026-11-30 10:07:20 origin-shield sh-sh-02：回源 QPS 31000（平时 12000）"])

LIES = {
    "en-ratio-far": ("At 18:50 ingress-nginx on prod-eu2 took 31000 requests/s, nearly twice its 12000 baseline",
                     "nearly twice"),
    "en-unhedged": ("At 18:40 ingress-nginx on prod-eu1 took 18400 requests/s, twice its 9600 baseline", "twice its"),
    "zh-ratio-far": ("10:03:30 sh-bj-01 回源 QPS 18400，约为平时 9600 的 3 倍", "3 倍"),
}
HONEST = {
    "en-nearly": "At 18:40 ingress-nginx on prod-eu1 took 18400 requests/s, nearly twice its 9600 baseline",
    "en-about": "ingress-nginx on prod-eu1 at 18400 requests/s at 18:40, about twice the 9600 baseline",
    "zh-about": "10:03:30 sh-bj-01 回源 QPS 18400，约为平时 9600 的两倍",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_hedged_multiple_in_words_its_ratio_rounds_to_is_traced = CASES.honest_traced()
test_a_hedged_multiple_in_words_is_confirmed = CASES.honest_confirmed()
test_a_multiple_in_words_its_ratio_does_not_round_to_is_not_traced = CASES.lies_untraced()
test_a_multiple_in_words_its_ratio_does_not_round_to_is_not_read_as_fact = CASES.lies_not_read_as_fact()
