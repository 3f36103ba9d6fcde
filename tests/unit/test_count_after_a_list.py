"""A count right after a Chinese list of names (app/domain/lists.py, ``counts_after``): "sda、sdb、sdd
三块盘" counts the names it follows, with its measure word, and says nothing they do not; it is the
line's own arithmetic, as a count before its list is ("two addresses, A and B"). A count of another
size ("四块盘" after three names), a count of events after them ("2 次"), or a count after an English
list, whose comma may close a phrase before it ("On db-3, sda, sdb and sdd, four disks"), is a value
no item holds."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-07-02T08:00:00Z iostat db-3: sda, sdb and sdd at 99% util; sdc faulty\n"
      "2026-07-02T08:05:00Z ops-log: k.ito paused ci-a1, ci-a2 and ci-a3")
ZH = ("2026-07-02 08:00:00 iostat db-3：sda、sdb、sdd 的 %util 均为 99%，sdc 已失效\n"
      "2026-07-02 08:05:00 运维日志：伊藤 暂停了 ci-a1、ci-a2")

LIES = {  # claim, what must not be read as fact
    "en-count-after-a-phrase": ("On db-3, sda, sdb and sdd, four disks, were at 99% util", "four disks"),
    "en-another-count": ("k.ito paused ci-a1, ci-a2 and ci-a3, four runners", "four runners"),
    "zh-another-count": ("db-3 的 sda、sdb、sdd 四块盘 %util 均为 99%", "四块盘"),
    "zh-more-than-listed": ("伊藤 暂停了 ci-a1、ci-a2 三台", "三台"),
    "zh-count-of-events": ("伊藤 暂停了 ci-a1、ci-a2 2 次", "2 次"),
}
HONEST = {
    "en-names-alone": "k.ito paused ci-a1, ci-a2 and ci-a3",
    "zh-disks-counted": "db-3 的 sda、sdb、sdd 三块盘 %util 均为 99%",
    "zh-hosts-counted": "伊藤 暂停了 ci-a1、ci-a2 两台",
    "zh-joined-by-he": "伊藤 暂停了 ci-a1 和 ci-a2 两台",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_count_its_list_does_not_give_is_not_traced = CASES.lies_untraced()
test_a_count_its_list_does_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_count_after_its_list_is_traced = CASES.honest_traced()
test_a_count_after_its_list_is_a_confirmed_finding = CASES.honest_confirmed()
