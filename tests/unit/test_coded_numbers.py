"""A number right after a code's label ("HTTP 504", "exit code 137", "状态码 503": a closed class,
``app/domain/derived.py``, ``_CODE_LABEL``) names an outcome and counts nothing: it is neither a
term a share is worked out from nor a figure ("… failed with HTTP 504 over those 5 minutes" is no
difference "504 over"). "Roughly a fifth of … requests failed with HTTP 504" of "1870 of 9350 …
returned HTTP 504" is the share 1870 of 9350, and is traced; a share the counts do not give stays
refused, and so does one only the code would give (504 of 9350 is about 5%). With the rule off, the
claim's own 504 is paired as a count and the honest shares are refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-03T14:05:20Z ledger-api eu-west-1b: 1870 of 9350 POST /v1/transfers requests returned HTTP 504 "
    "in the last 5 min",
])
ZH = "\n".join([
    "2026-12-03 14:05:20 ledger-api eu-west-1b：最近 5 分钟 9350 个 POST /v1/transfers 请求中 1870 个返回"
    "状态码 504",
])

HONEST = {
    "en-fifth": "Roughly a fifth of POST /v1/transfers requests to ledger-api in eu-west-1b failed with HTTP 504 "
                "over those 5 minutes",
    "en-percent": "Roughly 20% of POST /v1/transfers requests to ledger-api in eu-west-1b failed with HTTP 504 "
                  "over those 5 minutes",
    "zh-percent": "ledger-api eu-west-1b 最近 5 分钟约 20% 的 POST /v1/transfers 请求返回状态码 504",
}
LIES = {
    "en-third": ("Roughly a third of POST /v1/transfers requests to ledger-api in eu-west-1b failed with HTTP 504 "
                 "over those 5 minutes", "a third"),
    "en-the-code": ("Roughly 5% of POST /v1/transfers requests to ledger-api in eu-west-1b failed with HTTP 504 "
                    "over those 5 minutes", "5%"),
    "zh-the-code": ("ledger-api eu-west-1b 最近 5 分钟约 5% 的 POST /v1/transfers 请求返回状态码 504", "5%"),
    "zh-third": ("ledger-api eu-west-1b 最近 5 分钟约 33% 的 POST /v1/transfers 请求返回状态码 504", "33%"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_share_beside_a_code_is_traced = CASES.honest_traced()
test_a_share_beside_a_code_is_a_finding = CASES.honest_confirmed()
test_a_share_the_counts_do_not_give_is_not_traced = CASES.lies_untraced()
test_a_share_the_counts_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
