"""A success said of what the item tells only failure of (app/domain/outcome.py ``ok_where_failed``):
"partner-sync's PutObject calls were succeeding again" of "PutObject … still 403 AccessDenied, 96 times",
"上传 … 成功" of "上传 … 被拒绝". A refused request (a denial, a 4xx/5xx status) is a failure as
"failed" is. With the rule off the line was traced: the item holds every token and most words of it.
A state turned: kept in its own commit beside 39l's closed classes of states."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-03-03T09:40:00Z billing-sync: POST /invoices to vendor-api returned 503, 40 times in 5 min",
    "2026-03-03T09:55:00Z billing-sync: upload to bucket inv-archive denied (AccessDenied) for role biller; "
    "j.wu opened ticket OPS-77 for role biller"])
ZH = "\n".join([
    "2026-03-03 09:40:00 billing-sync：向 vendor-api 的 POST /invoices 返回 503（5 分钟内 40 次）",
    "2026-03-03 09:55:00 billing-sync：上传到 inv-archive 被拒绝（AccessDenied），角色 biller"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-post-succeeded": ("At 09:40 billing-sync's POST /invoices to vendor-api succeeded", "succeeded"),
    "en-upload-succeeding": ("By 09:55 billing-sync's upload to inv-archive was succeeding for role biller",
                             "was succeeding"),
    "zh-post-succeeded": ("09:40 billing-sync 向 vendor-api 的 POST /invoices 已成功", "已成功"),
    "zh-upload-succeeded": ("09:55 billing-sync 上传到 inv-archive 成功", "成功"),
}, {
    "en-post-503": "At 09:40 billing-sync's POST /invoices to vendor-api returned 503, 40 times in 5 min",
    "en-upload-denied": "At 09:55 the upload to inv-archive was denied for role biller",
    "zh-post-503": "09:40 billing-sync 向 vendor-api 的 POST /invoices 返回 503",
    "zh-upload-refused": "09:55 billing-sync 上传到 inv-archive 被拒绝",
})
test_a_success_said_of_a_failure_is_not_traced = CASES.lies_untraced()
test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()
