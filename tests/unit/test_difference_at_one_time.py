"""A difference of one line's change, where other lines share its time (app/domain/steps.py
``given``, app/domain/provenance.py ``figures``): "10:06 … TPS 少了 870" of "10:06 … TPS 由 2350 降至
1480" is the size of that line's change, though another line is stamped 10:06 too; only a line naming
two times reads a difference across them. The clause of a figure may restate any line holding its
words at the line's time ("10:06 …，TPS 少了 870": the 10:06 line, not the 09:30 one); with no time,
the first of them ("about ninety percent of the nightly_settlement tasks failed" is not the re-run's
35 of 37 that succeeded). A difference is the size of its change
and keeps its way: "TPS 多了 870", "TPS was 870 higher" of a change down are refused, as is a size
the line's change does not give."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-24T09:30:00Z prometheus: db-bill-04 commit p99 4.2 ms, TPS 2350",
    "2026-11-24T10:06:00Z prometheus: db-bill-04 commit p99 rose from 4.2 ms to 13.1 ms, TPS from 2350 to 1480",
    "2026-11-24T10:06:00Z node_exporter db-bill-04: /dev/sda write await from 1.1 ms to 7.8 ms, util 92%",
    "2026-11-24T02:38:10Z airflow af-sched-01: 37 of 52 tasks in DAG nightly_settlement failed",
    "2026-11-24T03:22:40Z ops-log: re-ran the 37 failed nightly_settlement tasks; 35 succeeded, 2 failed"])
ZH = "\n".join([
    "2026-11-24 09:30:00 prometheus：db-bill-04 commit 延迟 p99 4.2 ms，TPS 2350",
    "2026-11-24 10:06:00 prometheus：db-bill-04 commit 延迟 p99 由 4.2 ms 升至 13.1 ms，TPS 由 2350 降至 1480",
    "2026-11-24 10:06:00 node_exporter db-bill-04：/dev/sda 写 await 由 1.1 ms 升至 7.8 ms，%util 92%"])
LIES = {
    "en-difference-the-other-way": ("At 10:06 db-bill-04 TPS was 870 higher", "870 higher"),
    "en-difference-the-other-way-by": ("At 10:06 db-bill-04 TPS had risen by 870", "risen by 870"),
    "en-difference-of-no-change": ("At 10:06 db-bill-04 TPS was 900 lower", "900 lower"),
    "en-share-of-another-line": ("About ninety percent of the nightly_settlement tasks failed", "ninety percent"),
    "zh-difference-the-other-way": ("10:06 db-bill-04 的 TPS 多了 870", "多了 870"),
    "zh-difference-the-other-way-after-a-multiple": ("10:06 db-bill-04 的 commit p99 升到原来的约 3.1 倍，TPS 增加了 870",
                                                     "增加了 870"),
    "zh-difference-of-no-change": ("10:06 db-bill-04 的 TPS 少了 900", "少了 900"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, {
    "en-lower": "At 10:06 db-bill-04 TPS was 870 lower",
    "en-commit-rose-by": "At 10:06 db-bill-04 commit p99 had risen by 8.9 ms",
    "zh-fewer": "10:06 db-bill-04 的 TPS 少了 870",
    "zh-multiple-and-difference": "10:06 db-bill-04 的 commit p99 升到原来的约 3.1 倍，TPS 少了 870",
})

test_a_difference_against_its_change_is_not_traced = CASES.lies_untraced()
test_a_difference_against_its_change_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_difference_of_one_line_at_a_shared_time_is_traced = CASES.honest_traced()
test_a_difference_of_one_line_at_a_shared_time_is_confirmed = CASES.honest_confirmed()
