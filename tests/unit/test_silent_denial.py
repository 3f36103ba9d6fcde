"""A denial is traced only to a line that names what it denies (app/domain/silent_denial.py, a veto
of ``provenance.Items._vetoed``): "db-01 had no errors" against "db-01 replication lag 42 s" held
only the name and half the terms; the line is silent on errors. A denial its line writes ("0
deadlocks", "没有死锁"), and one whose clause says more of what its line tells, stay traced; a colon
inside ``host:port`` or a URL cuts no clause ("probe of http://db-03:5432/health got no answer")."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-03-02T09:20:11Z postgres: db-01 replication lag 42 s",
    "2026-03-02T09:24:00Z postgres: db-02 replication lag 3 s, 0 deadlocks in the last hour",
    "2026-03-02T09:26:00Z kubelet: api-7 evictions 0; readiness probe failing",
    "2026-03-02T09:28:00Z blackbox mon-2: probe http://db-03:5432/health timed out after 10s"])
ZH = "\n".join([
    "2026-03-02 09:20:11 postgres：db-01 复制延迟 42 秒",
    "2026-03-02 09:24:00 postgres：db-02 复制延迟 3 秒，过去一小时没有死锁",
    "2026-03-02 09:26:00 kubelet：api-7 驱逐 0 次，就绪探针失败",
    "2026-03-02 09:28:00 探测：从 mon-2 访问 db-03:5432 超时（10 秒）"])

LIES = {
    "en-no-errors": ("At 09:20 db-01 had no errors", "no errors"),
    "en-none-of": ("At 09:20 db-01 logged none of the checksum failures", "none of the checksum failures"),
    "en-no-restarts-of-errors": ("At 09:24 db-02 had no restarts", "no restarts"),
    "en-with-value": ("At 09:20 db-01 had no errors and a replication lag of 42 s", "no errors"),
    "zh-no-errors": ("09:20 db-01 没有报错", "没有报错"),
    "zh-no-restarts": ("09:20 db-01 无重启", "无重启"),
    "zh-no-alerts": ("09:24 db-02 没有告警", "没有告警"),
    "en-host-port-no-errors": ("At 09:28 db-03:5432 had no errors", "no errors"),
    "zh-host-port-no-alerts": ("09:28 db-03:5432 没有告警", "没有告警"),
}
HONEST = {
    "en-no-deadlocks": "At 09:24 db-02 had no deadlocks in the last hour",
    "en-zero-evictions": "At 09:26 api-7 had no evictions",
    "en-lag": "At 09:20 db-01 had a replication lag of 42 s",
    "zh-no-deadlocks": "09:24 db-02 过去一小时没有死锁",
    "zh-zero-evictions": "09:26 api-7 没有驱逐",
    "en-no-answer-of-host-port": "blackbox mon-2: probe of http://db-03:5432/health got no answer within 10s",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_denial_its_line_is_silent_on_is_not_traced = CASES.lies_untraced()
test_a_denial_its_line_is_silent_on_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_denial_its_line_gives_is_traced = CASES.honest_traced()
test_a_denial_its_line_gives_is_confirmed = CASES.honest_confirmed()
