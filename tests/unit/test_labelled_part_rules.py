"""A name set as a label leads its part of a line up to the semicolon (app/domain/binding.py
``_labelled``): "cp-a1: await 0.9 ms, util 5.3%; cp-a3: await 1.2 ms, util 6.0%" gives cp-a3 the
6.0% although a comma stands between them. A claim putting a value of one labelled part on the
other part's name is not traced; a value kept with its label is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-10-03T03:02:40Z node-exporter cp-a1: disk sdb write await 0.9 ms, util 5.3%; cp-a3: disk sdb write "
      "await 1.2 ms, util 6.0%")
ZH = "2026-10-03 03:02:40 巡检 pg-n1: 复制延迟 12 秒, 连接数 340; pg-n2: 复制延迟 3 秒, 连接数 85"

LIES = {  # claim, what must not be read as fact
    "value-after-the-name": ("At 03:02:40 sdb util was 6.0% on cp-a1", "6.0% on cp-a1"),
    "name-before-the-value": ("At 03:02:40 cp-a1 had sdb util 6.0%", "util 6.0%"),
    "first-part-value-on-second": ("sdb write await was 0.9 ms on cp-a3", "0.9 ms on cp-a3"),
    "zh-value-on-other-node": ("03:02:40 pg-n1 的连接数为 85", "连接数为 85"),
}
HONEST = {
    "value-kept-with-its-label": "At 03:02:40 sdb util was 6.0% on cp-a3",
    "name-before-its-value": "At 03:02:40 cp-a1 had sdb util 5.3%",
    "first-value-of-a-part": "sdb write await was 1.2 ms on cp-a3",
    "zh-value-kept": "03:02:40 pg-n2 的连接数为 85",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_value_of_another_labelled_part_is_not_traced = CASES.lies_untraced()
test_a_value_of_another_labelled_part_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_kept_with_its_label_is_traced = CASES.honest_traced()
test_a_value_kept_with_its_label_is_a_confirmed_finding = CASES.honest_confirmed()
