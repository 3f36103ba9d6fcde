"""时 after a clock time is that time's "at" also where a word of grammar is written on to it
(app/domain/provenance.py ``_at_clock``): "11:07:10 时为 3.1%" is "at 11:07:10, 3.1%", no term 时为 the
item lacks, so a clause that takes its subject from the clause before it ("payment-gw … 5xx 比例为
8.2%，11:07:10 时为 3.1%") is traced to the line giving 3.1% at 11:07:10. A value of another time stays
refused: the time and the value are the item's own tokens. 时 that begins a word (时长) is a word."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T10:55:30Z loki: payment-gw 5xx ratio 8.2% from 10:50 to 10:55; alert PaymentGW5xxHigh not fired\n"
      "2026-12-05T11:07:10Z alertmanager: PaymentGW5xxHigh firing from prom-0, payment-gw 5xx ratio now 3.1%")
ZH = ("2026-12-05 10:55:30 loki：payment-gw 10:50 至 10:55 的 5xx 比例为 8.2%；告警 PaymentGW5xxHigh 未触发\n"
      "2026-12-05 11:07:10 alertmanager：收到 prom-0 发出的 PaymentGW5xxHigh（firing），此时 payment-gw 5xx 比例 3.1%")

LIES = {  # claim, what must not be read as fact
    "en-value-of-the-other-time": ("payment-gw's 5xx ratio was 8.2% from 10:50 to 10:55 and 8.2% at 11:07:10",
                                   "8.2% at 11:07:10"),
    "zh-value-of-the-other-time": ("payment-gw 在 10:50 至 10:55 的 5xx 比例为 8.2%，11:07:10 时为 8.2%",
                                   "11:07:10 时为 8.2%"),
    "zh-time-of-the-other-value": ("payment-gw 11:07:10 时为 8.2%", "11:07:10 时为 8.2%"),
}
HONEST = {
    "en-then": "payment-gw's 5xx ratio was 8.2% from 10:50 to 10:55 and 3.1% at 11:07:10",
    "zh-then": "payment-gw 在 10:50 至 10:55 的 5xx 比例为 8.2%，11:07:10 时为 3.1%",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_value_at_the_time_of_another_is_not_traced = CASES.lies_untraced()
test_a_value_at_the_time_of_another_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_at_its_clock_time_is_traced = CASES.honest_traced()
test_a_value_at_its_clock_time_is_a_confirmed_finding = CASES.honest_confirmed()
