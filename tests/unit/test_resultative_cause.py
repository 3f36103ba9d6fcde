"""A cause told by a resultative verb is read as a cause (app/domain/causality.py): "the api-gw
'too many clients' errors exhausted the db-7 connection pool" and "fluentd 的报错写满了 /data 磁盘" make
the event a line gives after a state (its effect, by the order of a comma) the agent that brought
that state about. With the verb not read as a cause, every word is the line's and the lie is traced.
A bracket closed before the later fact ("写满（使用率 100%），fluentd 报…") is an aside of the earlier
one, not the later fact explaining it: with it read as one, the effect was given as the cause.
"""

from __future__ import annotations

import pytest

from app.domain import causality
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-03-02T09:58:00Z deploy: api-gw 4.2.1 rolled out to 12 pods",
    "2026-03-02T10:00:00Z db-7: connection pool exhausted (active 200/200), api-gw logged too many clients errors"])
ZH = "\n".join([
    "2026-03-02 09:58:00 运维日志：李雷 重启 fluentd",
    "2026-03-02 10:00:00 log-2：/data 磁盘写满（使用率 100%），fluentd 报 buffer overflow，nginx 无法写入访问日志"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-exhausted": ("The api-gw too many clients errors exhausted the db-7 connection pool",
                     "exhausted the db-7 connection pool"),
    "en-used-up": ("api-gw too many clients errors used up the connection pool on db-7", "used up the connection pool"),
    "en-filled": ("api-gw errors filled the db-7 connection pool", "filled the db-7 connection pool"),
    "zh-xieman": ("fluentd 的 buffer overflow 报错写满了 log-2 的 /data 磁盘", "写满了 log-2 的 /data 磁盘"),
    "zh-zhanman": ("fluentd 报 buffer overflow 占满了 log-2 /data 磁盘", "占满了 log-2 /data 磁盘"),
    "zh-marker-after-aside": ("fluentd 报 buffer overflow 导致 log-2 /data 磁盘写满", "导致 log-2 /data 磁盘写满"),
}, {
    "en-side-by-side": "db-7 connection pool exhausted (200/200), and api-gw logged too many clients errors",
    "en-pool-was-exhausted": "The db-7 connection pool was exhausted, api-gw logged too many clients errors",
    "zh-side-by-side": "log-2 /data 磁盘写满（100%），fluentd 报 buffer overflow",
    "zh-cause-as-given": "log-2 的 /data 磁盘写满导致 fluentd 报 buffer overflow",
})

test_a_cause_told_by_a_resultative_verb_is_not_traced = CASES.lies_untraced()
test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()


@pytest.mark.parametrize("text", [
    "inodes exhausted on /var at 04:06",
    "the pool was exhausted by retries",
    "磁盘已满 95%",
    "/var inode 耗尽（IFree 0），rsyslog 报错",
    "db-7 connection pool exhausted, api-gw logged errors",
    "the retries exhausted the pool",
    "s.adeyemi drained co-app-07 at 15:19:30, 7 min 30 s before reverting ingress-a1",
    "natgw-02 的 conntrack 表满后，内核记录 9830 条 table full",
    "节点 node-5 的 /data 磁盘写满了，使用率 100%",
])
def test_a_state_or_an_agent_that_is_no_event_tells_no_cause(text: str) -> None:
    """A state with no object (also after 了: "写满了，…"), a passive, a time clause ("表满后"), and an agent that is one name or
    person (no event) or an action on a thing (drained) are not a resultative cause."""
    assert causality.parts(text) is None
