"""A change up or down goes the way the value before it gives (app/domain/prior_value.py): "k.ito
raised max_wal_size on pg-7 to 1024 MB" of a line setting it to 1024 MB, with no word of direction,
where an earlier line gives it 4096 MB, moves it the other way. The value before is the one the
latest earlier line writes after the field's name."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-08-10T10:00:00Z pg-7: max_wal_size is 4096 MB (config rev 12)",
    "2026-08-10T10:30:00Z ops-log: k.ito set max_wal_size on pg-7 to 1024 MB",
    "2026-08-10T11:30:00Z ops-log: k.ito set max_wal_size on pg-7 to 8192 MB"])
ZH = "\n".join([
    "2026-08-10 10:00:00 pg-7：max_wal_size 为 4096 MB（配置 rev 12）",
    "2026-08-10 10:30:00 运维日志：伊藤 把 pg-7 的 max_wal_size 调到 1024 MB",
    "2026-08-10 11:30:00 运维日志：伊藤 把 pg-7 的 max_wal_size 调到 8192 MB"])

LIES = {  # claim, what must not be read as fact
    "en-raised-to-less": ("k.ito raised max_wal_size on pg-7 to 1024 MB", "raised max_wal_size"),
    "en-increased-to-less": ("at 10:30 k.ito increased max_wal_size on pg-7 to 1024 MB", "increased max_wal_size"),
    "en-lowered-to-more": ("k.ito lowered max_wal_size on pg-7 to 8192 MB", "lowered max_wal_size"),
    "zh-raised-to-less": ("伊藤 把 pg-7 的 max_wal_size 调高到 1024 MB", "调高到 1024 MB"),
    "zh-raised-to-less-other-word": ("伊藤 把 pg-7 的 max_wal_size 上调至 1024 MB", "上调至 1024 MB"),
    "zh-lowered-to-more": ("伊藤 把 pg-7 的 max_wal_size 调低到 8192 MB", "调低到 8192 MB"),
}
HONEST = {
    "en-lowered-to-less": "k.ito lowered max_wal_size on pg-7 to 1024 MB",
    "en-raised-to-more": "k.ito raised max_wal_size on pg-7 to 8192 MB",
    "en-set-as-told": "k.ito set max_wal_size on pg-7 to 1024 MB",
    "zh-lowered-to-less": "伊藤 把 pg-7 的 max_wal_size 调低到 1024 MB",
    "zh-raised-to-more": "伊藤 把 pg-7 的 max_wal_size 调高到 8192 MB",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_move_against_the_value_before_is_not_traced = CASES.lies_untraced()
test_a_move_against_the_value_before_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_move_the_value_before_gives_is_traced = CASES.honest_traced()
test_a_move_the_value_before_gives_is_a_confirmed_finding = CASES.honest_confirmed()
