"""A denial of the value a line gives a key (app/domain/denied_key.py): "api-gw-7 did not have
proxy_read_timeout set to 60" of "proxy_read_timeout = 60 (conf rev ngx-r9)" holds every token of
its item and denies it; the key and its value are names and numbers, which the denial rules'
denied word never is. A denial of another value ("was 60, not 90"), of a bound ("did not exceed
worker_connections 4096"), a 不是 opening a clause of its own ("3900，而不是 worker_connections 4096": the
correction's other side, joined as before), and the value told as the item tells it keep their
verdict."""

from __future__ import annotations

from app.domain import provenance
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-08-21T11:02:00Z nginx api-gw-7: upstream timed out 412 times in the last 60 s; "
    "proxy_read_timeout = 60 (conf rev ngx-r9)",
    "2026-08-21T11:05:00Z nginx api-gw-7: active connections 3900, worker_connections 4096",
])
ZH = "\n".join([
    "2026-08-21 19:02:00 nginx api-gw-7：60 秒内上游超时 412 次；"
    "proxy_read_timeout = 60（配置版本 ngx-r9）",
    "2026-08-21 19:05:00 nginx api-gw-7：活跃连接 3900，worker_connections 4096",
])

LIES = {
    "en-did-not-have-it-set": ("At 11:02 api-gw-7 did not have proxy_read_timeout set to 60",
                               "did not have proxy_read_timeout set to 60"),
    "en-was-not": ("proxy_read_timeout on api-gw-7 was not 60", "was not 60"),
    "en-is-not-set-to": ("On api-gw-7 proxy_read_timeout is not set to 60 under ngx-r9", "not set to 60"),
    "zh-is-not": ("api-gw-7 的 proxy_read_timeout 不是 60", "不是 60"),
    "zh-not-set-to": ("ngx-r9 中 proxy_read_timeout 没有设为 60", "没有设为 60"),
}
HONEST = {
    "en-the-value": "At 11:02 api-gw-7 had proxy_read_timeout set to 60 under ngx-r9",
    "en-a-bound-denied": "Active connections on api-gw-7 did not exceed worker_connections 4096: 3900",
    "zh-the-value": "api-gw-7 的 proxy_read_timeout 为 60（ngx-r9）",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_denied_key_value_is_not_traced = CASES.lies_untraced()
test_a_denied_key_value_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_key_value_as_told_is_traced = CASES.honest_traced()
test_a_key_value_as_told_is_confirmed = CASES.honest_confirmed()


def test_a_negator_opening_a_clause_still_joins_it() -> None:
    line = "api-gw-7 活跃连接 3900，而不是 worker_connections 4096"
    assert provenance.split(line)[-1].strip() == "worker_connections 4096"
    assert provenance.Items(ZH.splitlines()).untraced(line) is None
