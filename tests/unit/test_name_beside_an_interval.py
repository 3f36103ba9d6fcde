"""A word the Gatekeeper finds where the restated line has a name is judged in its own clause
with the claim's worked-out interval taken out (app/domain/gatekeeper.py ``elsewhere``): "unbound
on ns-4 reloaded 1 min 42 s after k.ito started the rollback" restates two lines, and "unbound" is
the writer of the reload's line, not a word put in the place of CHG-5512 in the rollback's. With
the rule off, the clause holding "unbound" keeps "1 min 42 s", which no line holds, so it is
traced to no other line and the claim is contradicted. The lie of the same shape stays refused:
another interval, or a name no line holds."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-23T09:30:00Z change-log: CHG-5512 applied by k.ito on resolver ns-4",
    "2026-11-23T09:44:30Z change-log: rollback of CHG-5512 on ns-4 started by k.ito",
    "2026-11-23T09:46:12Z unbound ns-4: service reloaded, forward-zone restored, cache flushed",
])
ZH = "\n".join([
    "2026-11-23T09:30:00Z 变更日志: 伊藤 在解析器 ns-4 上应用 CHG-5512",
    "2026-11-23T09:44:30Z 变更日志: 伊藤 开始回滚 ns-4 上的 CHG-5512",
    "2026-11-23T09:46:12Z unbound ns-4: 服务已重载，缓存已清空",
])

HONEST = {
    "en-writer-after-an-interval": "unbound on ns-4 reloaded 1 min 42 s after k.ito started the rollback",
    "zh-writer-after-an-interval": "伊藤 开始回滚 CHG-5512 后 1 分 42 秒，ns-4 上的 unbound 服务已重载",
}
LIES = {
    "en-another-interval": ("unbound on ns-4 reloaded 2 min 42 s after k.ito started the rollback", "2 min 42 s"),
    "en-another-name": ("unbound on ns-5 reloaded 1 min 42 s after k.ito started the rollback", "ns-5"),
    "zh-another-interval": ("伊藤 开始回滚 CHG-5512 后 2 分 42 秒，ns-4 上的 unbound 服务已重载", "2 分 42 秒"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_writer_beside_an_interval_is_traced = CASES.honest_traced()
test_a_writer_beside_an_interval_is_confirmed = CASES.honest_confirmed()
test_another_interval_or_name_is_not_traced = CASES.lies_untraced()
test_another_interval_or_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
