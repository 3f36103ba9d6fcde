"""A value stays with the time of the part of its line that writes it (app/domain/dated_parts.py):
a bracket is a part of its own, at a time it writes, else at the time before it, and what follows
it goes on at that outer time. A line giving a value at the time of another part of its line
("peaked at 46 s at 04:10", where the peak was at 03:30 and 04:10 is the line's own time; a value
of the line's time put "before" the bracket's) is not traced, though it names the host every part
shares; each value at its own part's time is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-08-04T06:20:00Z mongod rs-orders-2: oplog window back to 30 h (low 4 h at 05:10 during the bulk load)",
    "2026-08-04T06:30:00Z checkout-api: p95 latency 480 ms (95 ms before 05:00); disk sdb on rs-orders-1 at 88% util",
    "2026-08-04T06:40:00Z pager: page sent at 06:35:00, acknowledged by j.ruiz 4 min 10 s later, at 06:39:10"])
ZH = "\n".join([
    "2026-08-05 21:40:00 redis cache-7：内存使用率回落到 52%（峰值 97% 出现在 21:05）",
    "2026-08-05 21:50:00 网关 gw-2：错误率 6.5%（20:30 之前 0.2%）；上游 pay-svc 连接数 1800"])

LIES = {  # claim, what must not be read as fact
    "en-bracket-value-at-line-time": ("rs-orders-2's oplog window fell to 4 h at 06:20", "4 h at 06:20"),
    "en-line-value-at-bracket-time": ("checkout-api's p95 latency was 480 ms before 05:00", "480 ms before 05:00"),
    "zh-bracket-value-at-line-time": ("21:40 cache-7 的内存使用率为 97%", "内存使用率为 97%"),
    "zh-line-value-at-bracket-time": ("20:30 之前 gw-2 的错误率为 6.5%", "错误率为 6.5%"),
}
HONEST = {
    "en-bracket-value-at-its-time": "rs-orders-2's oplog window fell to 4 h at 05:10",
    "en-line-value-at-line-time": "rs-orders-2's oplog window was back to 30 h at 06:20",
    "en-bracket-value-before": "checkout-api's p95 latency was 95 ms before 05:00",
    "en-after-bracket-at-line-time": "At 06:30 disk sdb on rs-orders-1 was at 88% util",
    "en-span-with-its-start": "The page was sent at 06:35:00 and j.ruiz acknowledged it 4 min 10 s later, at 06:39:10",
    "zh-bracket-value-at-its-time": "cache-7 的内存使用率峰值 97% 出现在 21:05",
    "zh-line-value-at-line-time": "21:40 cache-7 的内存使用率回落到 52%",
    "zh-after-bracket-at-line-time": "21:50 pay-svc 连接数 1800",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_value_at_the_time_of_another_part_is_not_traced = CASES.lies_untraced()
test_a_value_at_the_time_of_another_part_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_at_its_own_part_s_time_is_traced = CASES.honest_traced()
test_a_value_at_its_own_part_s_time_is_a_confirmed_finding = CASES.honest_confirmed()
