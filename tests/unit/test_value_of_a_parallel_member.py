"""A value a line gives one member of a parallel structure is not told of another member
(app/domain/parallel.py): "Bulk tier restores finish within 12 hours" of "Standard tier restores
finish within 12 hours, Bulk tier within 48 hours" (parts joined by a comma, each keyed by the word
it opens with); "mc-03 evicted 1710/s" of "memcached mc-02: evictions 1710/s; mc-03: …" (the first
member named in the line's head); "cass-n01 hints 13.9 GB" of "cass-n01 and cass-n02 hold 2.1 GB
and 13.9 GB of hints respectively" (two lists paired in order); "had 176 GB left" of "176 of 200 GB
used" (a value told of its complement). A member with its own value, a claim naming both members
with their own values, and a value of a line with one value keep their verdict."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-02T10:00:00Z kb: restore-object: Standard tier restores finish within 12 hours, "
    "Bulk tier within 48 hours and cost less",
    "2026-10-02T10:06:30Z memcached mc-02: evictions 1710/s; mc-03: evictions 1655/s; mc-04: evictions 9/s",
    "2026-10-02T10:12:00Z cassandra: cass-n01 and cass-n02 hold 2.1 GB and 13.9 GB of hints respectively",
    "2026-10-02T10:20:00Z node-exporter pg-main-01: pg_wal volume 88% used (176 of 200 GB)",
    "2026-10-02T10:30:00Z node-exporter pg-main-02: pg_wal volume 11% used (29 of 260 GB)",
    "2026-10-02T10:40:00Z backup-agent: nightly dump of ledger-db took 42 minutes",
])
ZH = "\n".join([
    "3. DEEP_ARCHIVE 对象要先发起 restore-object：Standard 层 12 小时内完成，Bulk 层 48 小时内完成且费用更低",
    "2026-10-02 10:06:30 memcached：mc-02 淘汰 1710/s，mc-03 淘汰 1655/s，mc-04 淘汰 9/s",
    "2026-10-02 10:12:00 cassandra cass-n01、cass-n02：hints 目录分别为 2.1 GB、13.9 GB",
    "2026-10-02 10:20:00 node-exporter pg-main-01：pg_wal 卷已用 176 GB / 200 GB",
])

LIES = {
    "en-tier-value-of-the-other-tier": ("Bulk tier restores finish within 12 hours", "Bulk tier restores finish"),
    "en-head-member-value": ("At 10:06:30 mc-03 evicted 1710/s", "mc-03 evicted 1710/s"),
    "en-respectively-value-of-the-second": ("cass-n01 hints 13.9 GB", "cass-n01 hints 13.9 GB"),
    "en-used-told-left": ("At 10:20 the pg_wal volume had 176 GB left", "176 GB left"),
    "en-used-told-free": ("At 10:30 the pg_wal volume on pg-main-02 had 29 GB free", "29 GB free"),
    "zh-tier-value-of-the-other-tier": ("Bulk 层取回要 12 小时内完成", "Bulk 层取回要 12 小时"),
    "zh-tier-value-the-other-way": ("Standard 层 48 小时内完成", "Standard 层 48 小时"),
    "zh-comma-member-value": ("10:06:30 mc-03 淘汰 1710/s", "mc-03 淘汰 1710/s"),
    "zh-respectively-value-of-the-second": ("cass-n01 的 hints 目录为 13.9 GB", "cass-n01 的 hints 目录为 13.9 GB"),
    "zh-used-told-left": ("10:20 pg_wal 卷剩 176 GB", "卷剩 176 GB"),
}
HONEST = {
    "en-tier-own-value": "Standard tier restores finish within 12 hours",
    "en-tier-own-value-other-words": "Bulk tier takes up to 48 hours",
    "en-both-tiers-own-values": "Standard tier restores finish within 12 hours and Bulk tier within 48 hours",
    "en-head-member-own-value": "At 10:06:30 mc-02 evicted 1710/s",
    "en-member-own-value": "At 10:06:30 mc-03 evicted 1655/s",
    "en-respectively-own-value": "cass-n01 holds 2.1 GB of hints",
    "en-used-as-used": "At 10:20 the pg_wal volume had 176 GB used",
    "en-one-value-of-the-whole-line": "The nightly dump of ledger-db took 42 minutes",
    "zh-tier-own-value": "Standard 层 12 小时内完成",
    "zh-tier-own-value-other-words": "Bulk 层取回要 48 小时内完成",
    "zh-both-tiers-own-values": "Bulk 层 48 小时内完成，比 Standard 层的 12 小时慢，但费用更低",
    "zh-member-own-value": "10:06:30 mc-03 淘汰 1655/s",
    "zh-respectively-own-value": "cass-n02 的 hints 目录为 13.9 GB",
    "zh-used-as-used": "10:20 pg_wal 卷已用 176 GB",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_value_of_another_member_is_not_traced = CASES.lies_untraced()
test_a_value_of_another_member_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_member_with_its_own_value_is_traced = CASES.honest_traced()
test_a_member_with_its_own_value_is_confirmed = CASES.honest_confirmed()
