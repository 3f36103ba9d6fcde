"""The unit a field's name ends with, spelled out in one of its parts (app/domain/units.py
``_part_unit``): memcached's ``limit_maxbytes 2147483648`` is 2147483648 bytes.

A line restating the value with that unit ("limit_maxbytes 2147483648 bytes", "2147483648 字节")
names the quantity the item holds; before, "2147483648 bytes" was a token no line wrote. Another
unit (KB, MB) is another quantity, and a part that is a unit of its own after a prefix of scale
(``kilobytes``) is that unit, not bytes."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-03T09:00:00Z memcached mc-7: limit_maxbytes 2147483648, bytes 2140000000, evictions 900/s",
    "2026-11-03T09:02:00Z nginx edge-2: proxy_buffer_kilobytes 2048"])
ZH = "\n".join([
    "2026-11-03 09:00:00 memcached mc-7：limit_maxbytes 2147483648，bytes 2140000000，驱逐 900/s",
    "2026-11-03 09:02:00 nginx edge-2：proxy_buffer_kilobytes 2048"])

HONEST = {
    "en-field-unit": "At 09:00 mc-7's limit_maxbytes was 2147483648 bytes",
    "en-of-the-limit": "At 09:00 mc-7 held 2140000000 of its 2147483648 bytes",
    "zh-field-unit": "09:00 mc-7 的 limit_maxbytes 为 2147483648 字节",
}
LIES = {  # claim, what must not be read as fact
    "en-another-unit": ("At 09:00 mc-7's limit_maxbytes was 2147483648 KB", "2147483648 KB"),
    "en-prefixed-unit": ("At 09:02 edge-2's proxy_buffer_kilobytes was 2048 bytes", "2048 bytes"),
    "zh-another-unit": ("09:00 mc-7 的 limit_maxbytes 为 2147483648 MB", "2147483648 MB"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_value_in_the_unit_its_field_name_ends_with_is_traced = CASES.honest_traced()
test_a_value_in_the_unit_its_field_name_ends_with_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_value_in_another_unit_than_its_field_name_is_not_traced = CASES.lies_untraced()
test_a_value_in_another_unit_than_its_field_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
