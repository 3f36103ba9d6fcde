"""A bare number before a quantity it is a part or an end of is in that quantity's unit, and a
difference may be said as what was added (app/domain/derived.py):

- "194 of 200 GB", "176/200 GB", "from 176 to 194 GB": the bare number is 194 GB, 176 GB, so "6 GB
  left", "还剩 24 GB" is the whole less the part, of one kind;
- "added 60 GB", "adding 60 GB" is a difference by its word, as "增加了 60 GB" is.

With the rule off the honest claims are refused; a wrong remainder or increase stays refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-07-02T06:40:00Z node-exporter db-7: /data volume 88% used (176 of 200 GB)\n"
      "2026-07-02T09:24:30Z ops-log: k.ito grew the /data volume on db-7 from 200 GB to 260 GB (lvextend)")
ZH = ("2026-07-02 06:40:00 node-exporter db-7：/data 卷使用率 88%（176/200 GB）\n"
      "2026-07-02 09:24:30 运维日志：伊藤 把 db-7 的 /wal 分区从 200 GB 扩到 260 GB")

HONEST = {
    "en-left": "At 06:40 the /data volume on db-7 had 24 GB left",
    "en-added": "k.ito grew the /data volume on db-7 from 200 GB to 260 GB, adding 60 GB",
    "zh-left": "06:40 db-7 的 /data 卷还剩 24 GB",
    "zh-added": "伊藤 把 db-7 的 /wal 分区从 200 GB 扩到 260 GB，增加了 60 GB",
}
LIES = {
    "en-wrong-left": ("At 06:40 the /data volume on db-7 had 34 GB left", "34 GB"),
    "en-wrong-added": ("k.ito grew the /data volume on db-7 from 200 GB to 260 GB, adding 50 GB", "50 GB"),
    "en-other-unit": ("k.ito grew the /data volume on db-7 from 200 GB to 260 GB, adding 60 MB", "60 MB"),
    "zh-wrong-left": ("06:40 db-7 的 /data 卷还剩 34 GB", "34 GB"),
    "zh-wrong-added": ("伊藤 把 db-7 的 /wal 分区从 200 GB 扩到 260 GB，增加了 50 GB", "50 GB"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_remainder_or_increase_of_a_part_is_traced = CASES.honest_traced()
test_a_remainder_or_increase_of_a_part_is_confirmed = CASES.honest_confirmed()
test_a_wrong_remainder_or_increase_is_not_traced = CASES.lies_untraced()
test_a_wrong_remainder_or_increase_is_not_read_as_fact = CASES.lies_not_read_as_fact()
