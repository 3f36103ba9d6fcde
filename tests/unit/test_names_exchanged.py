"""Two names exchanged, every value left in its place, give each the other's values
(app/domain/exchanged.py): "Since 08:00 the link to sw-b1 dropped 12 times and sw-a1 4 times" of a
line where sw-a1 dropped 12 times and sw-b1 4 times. A line exchanging two names of its item and no
value is not traced; one naming them the other way round with their values, or as the item does,
is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-02T09:00:00Z netmon: since 08:00 the link to sw-a1 dropped 12 times and sw-b1 4 times; now sw-a1 up, sw-b1 down",
    "2026-10-02T09:05:00Z scheduler: job-x retried 3 times, job-y 9 times; job-x done, job-y queued"])
ZH = "\n".join([
    "2026-10-02 09:00:00 netmon：自 08:00 起到 sw-a1 的链路断开 12 次，到 sw-b1 的 4 次",
    "2026-10-02 09:05:00 调度器：job-x 重试 3 次，job-y 重试 9 次；job-x 已完成，job-y 排队中"])

LIES = {  # claim, what must not be read as fact
    "en-two-links-exchanged": ("Since 08:00 the link to sw-b1 dropped 12 times and sw-a1 4 times", "sw-b1 dropped 12"),
    "en-two-jobs-exchanged": ("job-y retried 3 times, job-x 9 times", "job-y retried 3"),
    "zh-two-links-exchanged": ("自 08:00 起到 sw-b1 的链路断开 12 次，到 sw-a1 的 4 次", "sw-b1 的链路断开 12 次"),
    "zh-two-jobs-exchanged": ("job-y 重试 3 次，job-x 重试 9 次", "job-y 重试 3 次"),
}
HONEST = {
    "en-as-its-item": "Since 08:00 the link to sw-a1 dropped 12 times and sw-b1 4 times",
    "en-possessive-with-values": "Since 08:00 sw-a1's link dropped 12 times, sw-b1's 4 times",
    "zh-as-its-item": "job-x 重试 3 次，job-y 重试 9 次",
    "zh-with-values": "自 08:00 起到 sw-a1 的链路断开 12 次",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_two_names_exchanged_are_not_traced = CASES.lies_untraced()
test_two_names_exchanged_are_not_read_as_fact = CASES.lies_not_read_as_fact()
test_names_with_their_values_are_traced = CASES.honest_traced()
test_names_with_their_values_are_a_confirmed_finding = CASES.honest_confirmed()
