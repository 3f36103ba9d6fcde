"""A denial of what one part of its line tells, where the line's negation or count of none stands
in another part (app/domain/denied_part.py): "kafka-b2 was never restarted" against "k.ito
restarted kafka-b2 … (retries 0); …", "No TLS handshake for tenant acme was rejected" against "14
TLS handshakes rejected …; 0 rejected before 10:18:00". With the rule off (``denied_part.denied``
returning None) every lie here is traced; the honest twins (the zero part restated with
its bound, the event told plainly) keep their verdict."""

from __future__ import annotations

from app.domain import denied_part
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-03T10:12:00Z ops-log: k.ito restarted kafka-b2 on broker host kb-02 (retries 0); "
    "consumer lag now 4 of 6 partitions",
    "2026-11-03T10:20:00Z gateway gw-3: 14 TLS handshakes rejected for tenant acme between 10:18:02 "
    "and 10:19:40; 0 rejected before 10:18:00",
])
ZH = "\n".join([
    "2026-11-03 10:30:00 运维日志：陈伟 在 db-07 上重启了 mysqld（重试 0 次），复制延迟现为 3 秒",
    "2026-11-03 10:40:00 网关 gw-5：租户 acme 的 TLS 握手被拒绝 14 次（10:38:02 至 10:39:40）；10:38:00 之前拒绝 0 次",
])

LIES = {
    "en-never-done": ("kafka-b2 was never restarted", "never restarted"),
    "en-not-done": ("k.ito did not restart kafka-b2 on kb-02", "did not restart"),
    "en-none-of-a-count": ("No TLS handshake for tenant acme was rejected", "No TLS handshake"),
    "zh-not-done": ("陈伟 没有重启 db-07 上的 mysqld", "没有重启"),
    "zh-none-of-a-count": ("租户 acme 的 TLS 握手没有被拒绝", "没有被拒绝"),
}
HONEST = {
    "en-plain": "k.ito restarted kafka-b2",
    "en-with-its-zero": "kafka-b2 was restarted by k.ito with 0 retries",
    "zh-plain-with-its-zero": "陈伟 在 db-07 上重启了 mysqld，重试 0 次",
    "zh-count": "租户 acme 的 TLS 握手被拒绝 14 次",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_denial_of_a_plain_part_is_not_traced = CASES.lies_untraced()
test_a_denial_of_a_plain_part_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_event_or_the_bounded_zero_is_traced = CASES.honest_traced()
test_the_event_or_the_bounded_zero_is_confirmed = CASES.honest_confirmed()
test_a_zero_restated_with_its_bound_is_traced = RuleCases(
    by_language(EN, ZH), {}, {"en": "No TLS handshake for tenant acme was rejected before 10:18:00"}).honest_traced()


def test_the_rule_names_the_plain_part() -> None:
    item = EN.splitlines()[0]
    assert denied_part.denied("kafka-b2 was never restarted", item) == "k.ito restarted kafka-b2 on broker host kb-02"
    assert denied_part.denied("k.ito restarted kafka-b2", item) is None
