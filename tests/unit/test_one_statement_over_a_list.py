"""One statement over a list, its halves two items' events (app/domain/list_cut.py): a line is cut
into clauses at the enumeration comma of "web-1、web-2", and "李娜 在 03:40 把 web-1、web-2 升级到配置
rev r41" had its first half traced to the 03:40 rollback and its second to the 01:10 upgrade: the
rollback's time and agent given to the upgrade. With the rule off the Chinese lies were traced (the
English ones, cut at a comma that may also end a statement, are caught by other rules and kept as
controls). Its honest twins tell each event whole, with its own time."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-05-02T01:10:00Z ops-log: k.ito upgraded web-1, web-2 to config rev r41",
    "2026-05-02T03:40:00Z ops-log: k.ito rolled back web-1, web-2 to config rev r40"])
ZH = "\n".join([
    "2026-05-02 01:10:00 运维日志：李娜 把 web-1、web-2 升级到配置 rev r41",
    "2026-05-02 03:40:00 运维日志：李娜 将 web-1、web-2 回滚到配置 rev r40"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-upgrade-at-the-rollback": ("k.ito at 03:40 upgraded web-1, web-2 to config rev r41", "03:40 upgraded web-1"),
    "en-rollback-at-the-upgrade": ("At 01:10 k.ito rolled back web-1, web-2 to config rev r40", "01:10 k.ito rolled back"),
    "zh-switched-at-the-rollback": ("李娜 在 03:40 把 web-1、web-2 切换到配置 rev r41", "03:40 把 web-1、web-2 切换到"),
    "zh-upgrade-at-the-rollback-bare": ("李娜 03:40 将 web-1、web-2 升级到配置 rev r41", "03:40 将 web-1、web-2 升级到"),
    "zh-upgrade-at-the-rollback": ("李娜 在 03:40 把 web-1、web-2 升级到配置 rev r41", "03:40 把 web-1、web-2 升级到"),
    "zh-rollback-at-the-upgrade": ("01:10 李娜 将 web-1、web-2 回滚到配置 rev r40", "01:10 李娜 将 web-1、web-2 回滚"),
}, {
    "en-upgrade": "k.ito at 01:10 upgraded web-1, web-2 to config rev r41",
    "en-rollback": "At 03:40 k.ito rolled back web-1, web-2 to config rev r40",
    "en-moved": "k.ito at 03:40 moved web-1, web-2 to config rev r40",
    "zh-upgrade": "李娜 在 01:10 把 web-1、web-2 升级到配置 rev r41",
    "zh-rollback": "03:40 李娜 将 web-1、web-2 回滚到配置 rev r40",
    "zh-switched": "李娜 在 03:40 把 web-1、web-2 切换到配置 rev r40",
})
test_one_statement_over_a_list_of_two_items_is_not_traced = CASES.lies_untraced()
test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()
