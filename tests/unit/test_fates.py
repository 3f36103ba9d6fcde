"""An abnormal end given to a name its item tells something else of (app/domain/fates.py): "db-7 的连接池
耗尽，pgbouncer 进程崩溃" holds every token of a line saying pgbouncer could not accept new clients, and
half its words; the crash is the line's own. With the rule off the lie is traced to that line and read
as fact. An end the item tells in any word of the class ("OOMKilled", "被 timeout 杀掉", "…, kernel
panic logged"), even of another of its names, and the item's own predicate are the item's.
"""

from __future__ import annotations

import pytest

from app.domain import fates
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-04-11T07:20:00Z db-7: connection pool exhausted (active 200/200), pgbouncer could not accept new clients",
    "2026-04-11T07:25:00Z k8s: pod etl-runner-5 OOMKilled, exit code 137",
    "2026-04-11T07:31:00Z ops: m.chen restarted pgbouncer on db-7"])
ZH = "\n".join([
    "2026-04-11 07:20:00 db-7：连接池耗尽（active 200/200），pgbouncer 无法接受新连接",
    "2026-04-11 07:25:00 k8s：etl-runner-5 容器被 OOM 杀掉，退出码 137",
    "2026-04-11 07:31:00 运维日志：陈明 在 db-7 上重启 pgbouncer"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-crashed": ("The db-7 connection pool was exhausted and pgbouncer crashed", "pgbouncer crashed"),
    "en-hung": ("db-7 connection pool exhausted at 07:20, pgbouncer hung", "pgbouncer hung"),
    "en-was-killed": ("db-7 pool exhausted (200/200), pgbouncer was killed", "pgbouncer was killed"),
    "en-died": ("pgbouncer died on db-7 when the connection pool was exhausted", "pgbouncer died"),
    "zh-bengkui": ("db-7 的连接池耗尽，pgbouncer 进程崩溃", "pgbouncer 进程崩溃"),
    "zh-kasi": ("db-7 连接池耗尽，pgbouncer 卡死", "pgbouncer 卡死"),
    "zh-beisha": ("db-7 连接池耗尽后 pgbouncer 被杀", "pgbouncer 被杀"),
}, {
    "en-its-own-predicate": "db-7 connection pool exhausted, and pgbouncer could not accept new clients",
    "en-killed-of-oomkilled": "Pod etl-runner-5 was killed (OOMKilled), exit code 137",
    "en-did-not-crash": "The db-7 pool was exhausted; pgbouncer did not crash but could not accept new clients",
    "zh-its-own-predicate": "db-7 的连接池耗尽，pgbouncer 无法接受新连接",
    "zh-killed-as-told": "etl-runner-5 容器被 OOM 杀掉，退出码 137",
})

test_an_end_the_item_does_not_give_is_not_traced = CASES.lies_untraced()
test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()


@pytest.mark.parametrize(("line", "item"), [
    ("db-5 panicked", "db-5 stopped answering at 03:00, kernel panic logged"),
    ("app-1 lost 16 executors after nine of its containers were killed on dn-07",
     "dn-07 RUNNING -> UNHEALTHY (local-dirs are bad); 9 containers of app-1 killed"),
    ("worker-3 crashed", "worker-3 in CrashLoopBackOff, 7 restarts"),
    ("api-1 没有崩溃", "api-1 无法建立连接"),
    ("etl-runner-5 was OOMKilled and killed with exit code 137", "pod etl-runner-5 OOMKilled, exit code 137"),
])
def test_an_end_the_item_tells_or_a_denied_one_is_left_alone(line: str, item: str) -> None:
    assert fates.new_end(line, item) is None
