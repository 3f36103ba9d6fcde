"""A failure put on what the other part of its line says succeeded (app/domain/outcome.py): "The
?stale retry of the read on app-2 failed" of "read of secret/db/creds … failed: no active node;
retry with ?stale served by vs-01" holds every word and name of the item, but the failure's subject
(the words before its word of failure) holds words only the part telling a success holds; "served"
is a word of success. The failure of the part that failed is traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-06-06T10:00:00Z vault client app-2: read of secret/db/creds with default consistency failed: "
      "no active node; retry with ?stale served by vs-01\n"
      "2026-06-06T10:01:00Z dns client app-4: lookup of api.internal over udp timed out; fallback over tcp ok in 12 ms")
ZH = ("2026-06-06 10:00:00 vault 客户端 app-2：默认一致性读取 secret/db/creds 失败：no active node；"
      "带 ?stale 的重试由 vs-01 返回成功\n"
      "2026-06-06 10:01:00 dns 客户端 app-4：通过 udp 解析 api.internal 超时；改用 tcp 解析正常，耗时 12 ms")

LIES = {  # claim, what must not be read as fact
    "en-retry-failed": ("The ?stale retry of the read on app-2 failed", "retry of the read on app-2 failed"),
    "en-retry-with": ("The retry with ?stale on app-2 failed with no active node", "failed with no active node"),
    "en-fallback-timed-out": ("The fallback over tcp on app-4 timed out", "tcp on app-4 timed out"),
    "zh-retry": ("app-2 上带 ?stale 的重试失败", "的重试失败"),
    "zh-fallback": ("app-4 改用 tcp 解析超时", "tcp 解析超时"),
}
HONEST = {
    "en-read-failed": "The read of secret/db/creds on app-2 failed with no active node",
    "en-udp-timed-out": "The lookup of api.internal over udp on app-4 timed out",
    "zh-read-failed": "app-2 默认一致性读取 secret/db/creds 失败",
    "zh-udp-timed-out": "app-4 通过 udp 解析 api.internal 超时",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_failure_put_on_the_part_that_succeeded_is_not_traced = CASES.lies_untraced()
test_a_failure_put_on_the_part_that_succeeded_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_failure_of_the_part_that_failed_is_traced = CASES.honest_traced()
test_the_failure_of_the_part_that_failed_is_a_confirmed_finding = CASES.honest_confirmed()
