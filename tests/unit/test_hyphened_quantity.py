"""A quantity written as a compound adjective is its number and unit (app/domain/specific.py
``_HYPHENED``): "the 1476-byte packets" is held where its line writes "packets of 1476 bytes", in any
spelling of the unit ("a 5-minute window" by "5 min"). Before, "1476-byte" was a token no line
held, and the Gatekeeper called the honest claim made up (REJECT). Another value in that form ("the
1400-byte packets", "a 5-hour window") is still refused. Chinese writes the quantity with no
hyphen ("1476 字节的包"), judged as before: its twins are controls."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T08:21:05Z tcpdump fw-ams-02 tun0: 3318 packets of 1476 bytes dropped (exceeds MTU 1400) in 60 s",
    "2026-12-05T08:11:00Z orders-api app-fra-03: 214 calls to inventory-svc timed out in last 5 min"])
ZH = "\n".join([
    "2026-12-05 08:21:05 tcpdump fw-ams-02 tun0：60 秒内丢弃 3318 个 1476 字节的包（超过 MTU 1400）",
    "2026-12-05 08:11:00 orders-api app-fra-03：最近 5 分钟 214 次调用 inventory-svc 超时"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-other-size": ("fw-ams-02 dropped 3318 of the 1400-byte packets in 60 s", "1400-byte"),
    "en-other-window": ("214 calls to inventory-svc timed out in a 5-hour window", "5-hour"),
    "zh-other-size": ("fw-ams-02 在 60 秒内丢弃了 3318 个 1400 字节的包", "1400 字节"),
}, {
    "en-packets": "fw-ams-02 dropped 3318 of the 1476-byte packets in 60 s",
    "en-window": "214 calls to inventory-svc timed out in a 5-minute window",
    "zh-packets": "fw-ams-02 在 60 秒内丢弃了 3318 个 1476 字节的包",
})
test_another_hyphened_value_is_not_traced = CASES.lies_untraced()
test_another_hyphened_value_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_hyphened_quantity_is_traced = CASES.honest_traced()
test_a_hyphened_quantity_is_a_confirmed_finding = CASES.honest_confirmed()
