"""An interval a line works out between the two times one item writes as its own span
(app/domain/provenance.py ``_spans``, read by ``Items._bounded``).

"Vault denied 9 unwrap requests for role pay-api within 87 s, from 08:05:31 to 08:06:58" restates
"… 9 … requests denied for role pay-api between 08:05:31 and 08:06:58": the line spans two times
of one item, in its order, and its duration is exactly the interval between them. A duration that
is not that interval, or the two times turned round, is still refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T08:06:10Z kubelet prod-eu1-node-14: pay-api-8tq2n Init:CrashLoopBackOff (vault-agent-init exit code 1)",
    "2026-12-05T08:07:00Z vault vault-2 (active): audit log shows 9 sys/wrapping/unwrap requests denied for role "
    "pay-api between 08:05:31 and 08:06:58"])
ZH = "\n".join([
    "2026-12-05 08:06:10 kubelet prod-eu1-node-14：pay-api-8tq2n Init:CrashLoopBackOff",
    "2026-12-05 08:07:00 vault-2 审计日志：08:05:31 至 08:06:58 之间拒绝 pay-api 的 unwrap 请求 9 次"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-shorter-than-its-span": ("Vault denied 9 unwrap requests for role pay-api within 60 s, from 08:05:31 to "
                                 "08:06:58", "within 60 s"),
    "en-span-turned-round": ("Vault denied 9 unwrap requests for role pay-api within 87 s, from 08:06:58 to 08:05:31",
                             "from 08:06:58 to 08:05:31"),
    "zh-shorter-than-its-span": ("vault-2 从 08:05:31 到 08:06:58 拒绝了 pay-api 的 unwrap 请求 9 次，历时 60 秒", "历时 60 秒"),
}, {
    "en-its-span": "Vault denied 9 unwrap requests for role pay-api within 87 s, from 08:05:31 to 08:06:58",
    "en-its-span-in-parts": "Vault denied 9 unwrap requests for role pay-api in 1 min 27 s, from 08:05:31 to 08:06:58",
    "zh-its-span-without-a-duration": "vault-2 从 08:05:31 到 08:06:58 拒绝了 pay-api 的 unwrap 请求 9 次",
})
test_a_duration_not_the_span_of_its_item_is_not_traced = CASES.lies_untraced()
test_a_duration_not_the_span_of_its_item_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_span_one_item_writes_is_traced = CASES.honest_traced()
test_the_span_one_item_writes_is_a_confirmed_finding = CASES.honest_confirmed()
