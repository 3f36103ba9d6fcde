"""A part written before the whole's quantity ("194 of 200 GB", "194/200 GB") is counted in the
whole's unit (app/domain/units.py ``quantities``): "pg_wal held 194 GB", "已用 194 GB" restate it.
The part in another unit, or a number of the line given a unit it is not written with (97% as
97 GB), is not held."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T08:52:30Z node-exporter db-7: data volume 97% used (194 of 200 GB)\n"
      "2026-12-05T09:36:00Z node-exporter db-7: data volume 11% used (29 of 260 GB)")
ZH = ("2026-12-05 08:52:30 node-exporter db-7：数据卷已用 97%（194/200 GB）\n"
      "2026-12-05 09:36:00 node-exporter db-7：数据卷已用 11%（29/260 GB）")

LIES = {  # claim, what must not be read as fact
    "en-other-unit": ("At 08:52:30 the data volume on db-7 held 194 MB", "194 MB"),
    "en-share-as-size": ("At 08:52:30 the data volume on db-7 held 97 GB", "97 GB"),
    "en-part-of-other-line": ("At 09:36 the data volume on db-7 held 194 GB", "09:36 the data volume on db-7 held 194"),
    "zh-other-unit": ("08:52:30 db-7 的数据卷已用 194 MB", "194 MB"),
    "zh-share-as-size": ("08:52:30 db-7 的数据卷已用 97 GB", "97 GB"),
}
HONEST = {
    "en-part": "At 08:52:30 the data volume on db-7 held 194 GB",
    "en-part-other-line": "At 09:36 the data volume on db-7 held 29 GB",
    "en-part-and-whole": "At 08:52:30 the data volume on db-7 held 194 GB of 200 GB, 97% used",
    "zh-part": "08:52:30 db-7 的数据卷已用 194 GB",
    "zh-part-other-line": "09:36 db-7 的数据卷已用 29 GB（共 260 GB）",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_part_in_a_unit_its_whole_is_not_written_in_is_not_traced = CASES.lies_untraced()
test_a_part_in_a_unit_its_whole_is_not_written_in_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_part_in_its_wholes_unit_is_traced = CASES.honest_traced()
test_a_part_in_its_wholes_unit_is_a_confirmed_finding = CASES.honest_confirmed()
