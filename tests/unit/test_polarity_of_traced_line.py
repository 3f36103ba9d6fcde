"""A claim's polarity is judged against the lines it restates (app/domain/gatekeeper.py ``_polar``).

The Gatekeeper reads a claim against one evidence line for a flipped negation. The line sharing
most of its words may be a runbook section, long and full of quoted errors and steps in the
negative ("a 'wrapping token is not valid' error means …", "for each pod that has not started"),
while the claim restates a line of the log ("The wrapped secret_ids issued at 08:00:00 were valid
for 5 minutes" of the 08:00:00 line and its wrap_ttl 300s): where the claim is traced, and to other
lines only, it keeps the polarity of those. A claim that turns the line's polarity is still
refused. (The Chinese restatements, whose words the runbook shares less, are controls: they pass with
or without the rule.)"""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T08:00:00Z deploy-bot: wave 2 of pay-api v4.8.1 started on prod-eu1, 12 pods in 4 batches; 12 wrapped "
    "AppRole secret_ids issued for role pay-api, wrap_ttl 300s",
    "2026-12-05T08:05:31Z vault-agent-init pay-api-8tq2n: unwrap failed: wrapping token is not valid (HTTP 400)",
    "[runbook.md § Remediation] Vault secret injection runbook. 1. When vault-agent-init fails, read its log and the "
    "Vault audit log for the denied path and the error. 2. A 'wrapping token is not valid or does not exist' error "
    "means the wrapped secret_id expired or was already used; issue a new wrapped secret_id for each pod that has not "
    "started, do not reuse one. 3. Set wrap_ttl longer than the time from issue to the last batch's start; do not "
    "raise secret_id_num_uses above 1. 4. Resume the wave only after the new secret_ids are issued."])
ZH = "\n".join([
    "2026-12-05 08:00:00 deploy-bot：pay-api v4.8.1 第 2 波发布开始，12 个 pod 分 4 批；为 pay-api 签发 12 个 wrapped "
    "secret_id，wrap_ttl 300s",
    "2026-12-05 08:05:31 vault-agent-init pay-api-8tq2n：unwrap 失败：wrapping token 无效（HTTP 400）",
    "[runbook.md § 处置] Vault 注入手册。1. vault-agent-init 失败时，先看它的日志和 Vault 审计日志里被拒绝的路径和报错。"
    "2. 报错 'wrapping token 无效或不存在' 表示 wrapped secret_id 已过期或已被使用；为每个还没有启动的 pod 签发新的 wrapped "
    "secret_id，不要复用。3. wrap_ttl 要长于从签发到最后一批开始的时间；不要把 secret_id_num_uses 调到 1 以上。"
    "4. 新的 secret_id 签发之后才能继续发布。"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-did-not-start": ("Wave 2 of pay-api v4.8.1 did not start at 08:00:00", "did not start"),
    "en-unwrapped": ("pay-api-8tq2n unwrapped its wrapping token at 08:05:31", "unwrapped its wrapping token"),
    "zh-not-issued": ("08:00:00 没有为 pay-api 签发 wrapped secret_id", "没有为 pay-api 签发"),
    "zh-did-not-start": ("pay-api v4.8.1 第 2 波发布 08:00:00 没有开始", "没有开始"),
}, {
    "en-valid-for-its-ttl": "The wrapped secret_ids issued at 08:00:00 were valid for 5 minutes",
    "en-started-in-batches": "Wave 2 of pay-api v4.8.1 started at 08:00:00 with 12 pods in 4 batches",
    "zh-ttl-of-the-issue": "08:00:00 为 pay-api 签发的 12 个 wrapped secret_id 的 wrap_ttl 为 300s",
    "zh-valid-for-its-ttl": "08:00:00 签发的 wrapped secret_id 有效期 5 分钟",
})
test_a_claim_turning_its_lines_polarity_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_claim_restating_a_log_line_is_traced = CASES.honest_traced()
test_a_claim_restating_a_log_line_keeps_its_polarity_beside_a_runbook = CASES.honest_confirmed()


RETRIES = "\n".join([
    "2026-12-03T09:16:30Z media-api-1 app.log: upload retry queue depth 38400, SDK max retries 3 per request "
    "(exponential backoff, base 100 ms), upload p95 7.8 s (baseline 240 ms)",
    "[runbook.md § Remediation] media-api object storage throttling runbook. 1. On 503 SlowDown, check the request "
    "rate per prefix before anything else. 2. If one prefix takes most PUTs after a release, turn the "
    "thumbs_date_prefix flag back on; do not roll back the whole release for a flag-controlled change. 3. Do not "
    "raise the SDK max retries above 3 and do not turn off exponential backoff during throttling. 4. Do not delete "
    "objects or the upload retry queue to reduce load. 5. Keep the incident acknowledged, not resolved, until 5xx "
    "stays below 1% for 30 min."])
SECTION = RuleCases(lambda _: RETRIES, {
    "en-denied-against-its-log-line": ("The SDK did not retry throttled requests",
                                       "The SDK did not retry throttled requests"),
}, {
    "en-its-log-line": "media-api-1 SDK max retries were 3 per request, with exponential backoff",
})
"""A claim denying what its log line says keeps that line's polarity, whatever runbook section it is
also traced to."""
test_a_claim_turning_its_log_lines_polarity_is_not_read_as_fact = SECTION.lies_not_read_as_fact()
test_a_claim_restating_its_log_line_beside_a_section_is_a_confirmed_finding = SECTION.honest_confirmed()
