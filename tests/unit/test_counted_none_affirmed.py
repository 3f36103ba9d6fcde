"""What a line counts none of did not happen (app/domain/counted_none.py): "0 RST packets sent",
"对 ledger-db 重试 0 次" deny with a number. A line saying the thing happened ("edge-4 sent RST
packets for the SYN packets it dropped", "对 ledger-db 有重试") holds every token and most words of
its item and drops the negation the zero is: not traced, nor read as fact with the offline engine
or a trusting Verifier. Honest twins: the count of none said again, in digits, in words or as a
negation."""

from __future__ import annotations

from app.domain import counted_none
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-06T12:00:00Z tcpdump edge-4 eth1: 2210 SYN packets dropped in 60 s; 0 RST packets sent (policy drop-silent)",
    "2026-12-06T12:05:00Z payments-api pay-2: 0 retries to ledger-db in last 5 min; p50 latency 22 ms",
    "2026-12-06T12:10:00Z smtp relay mx-3: 412 mails queued, 0 bounces returned"])
ZH = "\n".join([
    "2026-12-06 12:00:00 tcpdump edge-4 eth1：60 秒内丢弃 SYN 包 2210 个；发送 RST 包 0 个（策略 drop-silent）",
    "2026-12-06 12:05:00 payments-api pay-2：过去 5 分钟对 ledger-db 超时 0 次，p50 延迟 22 ms"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-sent": ("edge-4 sent RST packets for the SYN packets it dropped", "edge-4 sent RST packets"),
    "en-retried": ("payments-api retries to ledger-db went on in the last 5 min", "retries to ledger-db went on"),
    "en-returned": ("mx-3 returned bounces for the 412 queued mails", "mx-3 returned bounces"),
    "zh-sent": ("edge-4 对丢弃的 SYN 包发送了 RST 包", "发送了 RST 包"),
    "zh-retried": ("过去 5 分钟 payments-api 对 ledger-db 的调用有超时", "有超时"),
}, {
    "en-none-sent": "edge-4 sent no RST packets while it dropped 2210 SYN packets in 60 s",
    "en-zero-in-digits": "payments-api pay-2 had 0 retries to ledger-db in last 5 min",
    "en-zero-in-words": "mx-3 returned zero bounces while 412 mails were queued",
    "zh-none-sent": "edge-4 没有发送 RST 包",
    "zh-zero-in-digits": "过去 5 分钟 payments-api 对 ledger-db 超时 0 次",
})
test_what_a_line_counts_none_of_said_to_happen_is_not_traced = CASES.lies_untraced()
test_what_a_line_counts_none_of_said_to_happen_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_count_of_none_said_again_is_traced = CASES.honest_traced()
test_a_count_of_none_said_again_is_a_confirmed_finding = CASES.honest_confirmed()


def test_a_quantity_at_nothing_counts_no_thing() -> None:
    assert not counted_none.counted_none("mongod rs0-3: 复制延迟 0 秒")
    assert not counted_none.counted_none("order-svc: 写入错误率 0%")
    assert counted_none.counted_none("tcpdump: 0 RST packets sent")


SOME_EN = ("2026-12-05T08:07:00Z vault vault-2 (active): audit log shows 9 sys/wrapping/unwrap requests denied for "
           "role pay-api between 08:05:31 and 08:06:58; 0 denied before 08:05:00")
SOME_ZH = "2026-12-05 08:07:00 vault-2：08:05:31 至 08:06:58 拒绝 pay-api 的 unwrap 请求 9 次，08:05:00 之前拒绝 0 次"
SOME = RuleCases(by_language(SOME_EN, SOME_ZH), {
    "en-in-the-window-of-none": ("Vault denied unwrap requests for role pay-api before 08:05:00",
                                 "denied unwrap requests for role pay-api before 08:05:00"),
    "en-counted-in-the-window-of-none": ("vault-2 denied 9 unwrap requests for role pay-api before 08:05:00",
                                         "before 08:05:00"),
    "zh-in-the-window-of-none": ("vault-2 在 08:05:00 之前就拒绝了 pay-api 的 unwrap 请求", "08:05:00 之前就拒绝了"),
}, {
    "en-the-count-of-some": "Vault denied 9 unwrap requests for role pay-api between 08:05:31 and 08:06:58",
    "en-the-first-of-them": "The first unwrap request for role pay-api was denied at 08:05:31",
    "zh-the-count-of-some": "vault-2 在 08:05:31 至 08:06:58 拒绝了 pay-api 的 9 次 unwrap 请求",
    "zh-the-count-alone": "vault-2 拒绝了 pay-api 的 unwrap 请求 9 次",
})
"""A line counting some of a thing in one stretch and none in another: saying it happened restates
the count of some; saying it in the window of none is the lie."""
test_a_count_of_some_beside_a_count_of_none_is_traced = SOME.honest_traced()
test_a_count_of_some_beside_a_count_of_none_is_a_confirmed_finding = SOME.honest_confirmed()
test_what_a_line_counts_none_of_in_its_window_is_not_traced = SOME.lies_untraced()
test_what_a_line_counts_none_of_in_its_window_is_not_read_as_fact = SOME.lies_not_read_as_fact()
