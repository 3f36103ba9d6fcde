"""A count of none said with a negator and a verb of its own (app/domain/slots.py ``borrowed``,
``alignment.says_none``): "kdc-01 logged no KRB_AP_ERR_SKEW rejections" restates "kdc-01: 0
KRB_AP_ERR_SKEW rejections"; the verb stands beside the negator in the zero's place, and is wording,
not a value borrowed from another line that writes it ("… has logged no rejections for 10 min").
The nearest lies: the zero dropped (the line then says there were rejections), or its time moved."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-18T03:10:00Z krb5kdc kdc-01: 0 KRB_AP_ERR_SKEW rejections from batch-tier in last 5 min",
    "2026-11-18T02:36:52Z krb5kdc kdc-01: 1890 requests from batch-tier rejected with KRB_AP_ERR_SKEW",
    "Runbook: re-run failed jobs only after the KDC has logged no KRB_AP_ERR_SKEW rejections for 10 min."])
ZH = "\n".join([
    "2026-11-18 03:10:00 kdc-01：过去 5 分钟 batch-tier 的 KRB_AP_ERR_SKEW 拒绝 0 次",
    "2026-11-18 02:36:52 kdc-01：batch-tier 的 1890 个请求因 KRB_AP_ERR_SKEW 被拒绝",
    "手册：KDC 记录 KRB_AP_ERR_SKEW 拒绝为零并保持 10 分钟后再重跑失败任务。"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-zero-dropped": ("kdc-01 logged KRB_AP_ERR_SKEW rejections from batch-tier in last 5 min",
                        "logged KRB_AP_ERR_SKEW rejections"),
    "en-time-moved": ("kdc-01 logged no KRB_AP_ERR_SKEW rejections from batch-tier in the 5 min to 02:36:52",
                      "02:36:52"),
    "zh-time-moved": ("02:36:52 前 5 分钟 kdc-01 没有记录 batch-tier 的 KRB_AP_ERR_SKEW 拒绝", "02:36:52"),
}, {
    "en-logged-no": "kdc-01 logged no KRB_AP_ERR_SKEW rejections from batch-tier in the 5 min to 03:10",
    "en-no": "kdc-01 had no KRB_AP_ERR_SKEW rejections from batch-tier in last 5 min",
    "zh-no": "kdc-01 过去 5 分钟没有 batch-tier 的 KRB_AP_ERR_SKEW 拒绝",
    "zh-recorded-no": "03:10 kdc-01 过去 5 分钟没有记录 batch-tier 的 KRB_AP_ERR_SKEW 拒绝",
})
test_a_zero_dropped_or_moved_is_not_traced = CASES.lies_untraced()
test_a_zero_dropped_or_moved_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_none_said_with_a_verb_is_traced = CASES.honest_traced()
test_none_said_with_a_verb_is_a_confirmed_finding = CASES.honest_confirmed()
