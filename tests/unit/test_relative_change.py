"""A percentage said as a change is the change over where it began (app/domain/derived.py,
``_relative``): "from 200 GB to 260 GB, 30% more", "由 387 降至 41，下降了约 89%" is the difference of
the two numbers the line states in order, over the first, the way its word says. Of two percentages
a change "by N%" stays points.

With the rule off the honest claims are refused; a wrong percentage, one over the later number, or
one said the other way stays refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T04:45:00Z cassandra cass-n04: pending compaction tasks fell from 387 to 41\n"
      "2026-12-05T09:24:30Z ops-log: k.ito grew the /wal volume on db-7 from 200 GB to 260 GB")
ZH = ("2026-12-05 04:45:00 cassandra cass-n04：待处理压缩任务由 387 降至 41\n"
      "2026-12-05 09:24:30 运维日志：伊藤 把 db-7 的 /wal 分区从 200 GB 扩到 260 GB")

HONEST = {
    "en-drop": "cass-n04 pending compaction tasks fell from 387 to 41, a drop of about 89%",
    "en-more": "k.ito grew the /wal volume on db-7 from 200 GB to 260 GB, 30% more",
    "zh-drop": "cass-n04 的待处理压缩任务由 387 降至 41，下降了约 89%",
    "zh-more": "伊藤 把 db-7 的 /wal 分区从 200 GB 扩到 260 GB，增加了 30%",
}
LIES = {
    "en-wrong": ("cass-n04 pending compaction tasks fell from 387 to 41, a drop of about 11%", "about 11%"),
    "en-over-later": ("k.ito grew the /wal volume on db-7 from 200 GB to 260 GB, 23% more", "23%"),
    "en-other-way": ("k.ito grew the /wal volume on db-7 from 200 GB to 260 GB, 30% less", "30% less"),
    "zh-over-later": ("伊藤 把 db-7 的 /wal 分区从 200 GB 扩到 260 GB，增加了 23%", "23%"),
    "zh-other-way": ("伊藤 把 db-7 的 /wal 分区从 200 GB 扩到 260 GB，减少了 30%", "减少了 30%"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_relative_change_is_traced = CASES.honest_traced()
test_a_relative_change_is_confirmed = CASES.honest_confirmed()
test_a_wrong_relative_change_is_not_traced = CASES.lies_untraced()
test_a_wrong_relative_change_is_not_read_as_fact = CASES.lies_not_read_as_fact()
