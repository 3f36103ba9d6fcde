"""A count per source restated as what its source got (app/domain/prepositions.py, compounds.py,
sourced.py): "web-gw got 640 responses with code 503 from ledger-api" of "requests to ledger-api with
response_code 503: 640 from web-gw and 75 from batch-runner" is traced (a reply comes back from where
its request went; an identifier said in its words holds them); the count given to another source
("web-gw got 75 …"), or the reply turned round, is not."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-01T10:00:00Z prometheus: istio_requests_total to ledger-api with response_code 503, response_flags UC: 640 from web-gw"
    " and 75 from batch-runner in last 5 min",
    "2026-12-01T10:02:00Z mesh: requests from ledger-api to audit-sink with response_code 429: 310 in last 5 min"])
ZH = "\n".join([
    "2026-12-02 10:00:00 网格：发往 ledger-api 的请求 response_code 503，近 5 分钟 640 次来自 web-gw，75 次来自 batch-runner",
    "2026-12-02 10:02:00 网格：从 ledger-api 向 audit-sink 发出的请求返回 429 共 310 次"])

LIES = {  # claim, what must not be read as fact
    "en-count-of-the-other-source": ("web-gw got 75 responses with code 503 and flag UC from ledger-api",
                                     "web-gw got 75"),
    "en-count-of-the-other-source-as-requests": ("web-gw sent 75 requests to ledger-api", "web-gw sent 75"),
    "en-reply-turned-round": ("audit-sink got 310 responses with code 429 from ledger-api", "audit-sink got 310"),
    "zh-count-of-the-other-source": ("web-gw 收到 75 次 503", "web-gw 收到 75 次"),
    "zh-count-of-the-other-source-from": ("75 次来自 web-gw", "75 次来自 web-gw"),
    "zh-reply-turned-round": ("audit-sink 从 ledger-api 收到 310 次 429 响应", "audit-sink 从 ledger-api 收到"),
}
HONEST = {
    "en-reply-from-the-target": "web-gw got 640 responses with code 503 and flag UC from ledger-api",
    "en-each-source-its-count": "In the 5 min to 10:00 batch-runner got 75 and web-gw 640 responses with code 503"
                                " and flag UC from ledger-api",
    "en-reply-to-the-caller": "ledger-api got 310 responses with code 429 from audit-sink",
    "zh-reply-from-the-target": "ledger-api 从 audit-sink 收到 310 次 429 响应",
    "zh-count-of-its-source": "近 5 分钟 web-gw 640 次，batch-runner 75 次",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_count_given_to_another_source_is_not_traced = CASES.lies_untraced()
test_a_count_given_to_another_source_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_count_restated_as_its_source_got_it_is_traced = CASES.honest_traced()
test_a_count_restated_as_its_source_got_it_is_a_confirmed_finding = CASES.honest_confirmed()
