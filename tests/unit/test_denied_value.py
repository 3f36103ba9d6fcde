"""A value denied that its line lists (app/domain/denied_value.py): a negator right before a number
("no 137", "not 504", 没有 504, 不是 504) its item writes in a part with no negation is not traced; the
value restated, or denied where its item denies it too, is. 不是 and 并非, which the tagger files as
conjunctions, stay in their clause (``provenance._zh_clauses``), so the denial is read with its value."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-08-04T07:12:00Z kubelet node-a7: container report-gen of job nightly-report exited, exit codes 137 and 1",
    "2026-08-04T07:15:00Z haproxy lb-west: backend api-pool errors mostly 502 and 503, 4xx rate 0.3%",
    "2026-08-04T07:18:00Z haproxy lb-east: backend api-pool errors mostly 502, no 503"])
ZH = "\n".join([
    "2026-08-05 09:20:00 网关 gw-hz-03：上游 pay-core 错误率 6.4%，主要是 500 和 503",
    "2026-08-05 09:22:00 容器 batch-9：进程退出，退出码 137（OOM），重启 2 次",
    "2026-08-05 09:25:00 网关 gw-hz-04：上游 pay-core 错误主要是 500，没有 503"])

LIES = {  # claim, what must not be read as fact
    "en-no-code-its-line-lists": ("lb-west's api-pool errors had no 503", "no 503"),
    "en-not-code": ("The exit code of report-gen was not 137", "was not 137"),
    "en-never-code": ("report-gen on node-a7 never exited with 137", "never exited with 137"),
    "zh-meiyou-code": ("gw-hz-03 的 pay-core 错误中没有 503", "没有 503"),
    "zh-bushi-code": ("batch-9 的退出码不是 137", "不是 137"),
    "zh-bingfei-code": ("gw-hz-03 上游 pay-core 的错误并非 500", "并非 500"),
}
HONEST = {
    "en-codes-restated": "lb-west's api-pool errors were mostly 502 and 503",
    "en-denied-by-its-line": "lb-east's api-pool errors were mostly 502, with no 503",
    "en-exit-code": "report-gen on node-a7 exited with exit code 137",
    "zh-codes-restated": "gw-hz-03 的 pay-core 错误主要是 500 和 503",
    "zh-denied-by-its-line": "gw-hz-04 的 pay-core 错误中没有 503",
    "zh-exit-code": "batch-9 的退出码是 137",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_value_its_line_lists_denied_is_not_traced = CASES.lies_untraced()
test_a_value_its_line_lists_denied_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_restated_or_denied_by_its_line_is_traced = CASES.honest_traced()
test_a_value_restated_or_denied_by_its_line_is_a_confirmed_finding = CASES.honest_confirmed()
