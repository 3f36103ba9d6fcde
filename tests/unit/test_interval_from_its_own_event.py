"""An interval "from A to B" runs from A's own event (provenance.Items.intervals): "md0 从降级到恢复完成
历时约 5 小时", where md0 went degraded at 01:00 and its recovery ran 02:10 to 07:20, is measured from
the recovery's start where no line says 降级 and every line of md0 holds half the end's words. Each
end of the interval is dated by a line holding a word or token of its own (one the other end lacks),
not by any line of the subject both ends share; the interval between the lines telling its two
events, or an end dated by its own time, is traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-06-01T01:00:00Z kernel nas-2: md0 disk failure on sdb1, array degraded",
    "2026-06-01T02:10:00Z mdadm nas-2: md0 recovery started onto sde1",
    "2026-06-01T07:20:00Z mdadm nas-2: md0 recovery finished, state clean"])
ZH = "\n".join([
    "2026-06-01 01:00:00 kernel nas-2：md0 disk failure on sdb1，状态 degraded",
    "2026-06-01 02:10:00 mdadm nas-2：md0 开始 recovery，目标盘 sde1",
    "2026-06-01 07:20:00 mdadm nas-2：md0 recovery 完成，状态 clean"])

LIES = {  # claim, what must not be read as fact
    "en-from-an-event-no-line-tells": ("md0 went from outage to recovery finished in about 5 hours",
                                       "about 5 hours"),
    "en-from-an-event-no-line-tells-took": ("md0 from outage to recovery finished took about 5 hours",
                                            "about 5 hours"),
    "zh-from-an-event-no-line-tells": ("md0 从降级到恢复完成历时约 5 小时", "约 5 小时"),
    "zh-from-an-event-no-line-tells-used": ("md0 从故障到 recovery 完成用了大约 5 小时", "大约 5 小时"),
}
HONEST = {
    "en-from-its-own-event": "md0 went from degraded to recovery finished in about 6 hours",
    "zh-from-its-own-event": "md0 从 degraded 到 recovery 完成历时约 6 小时",
    "zh-the-recovery-alone": "md0 从开始 recovery 到 recovery 完成历时约 5 小时",
    "zh-ends-by-their-times": "md0 从 01:00 降级到 07:20 recovery 完成，历时约 6 小时",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_interval_from_another_event_is_not_traced = CASES.lies_untraced()
test_an_interval_from_another_event_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_interval_from_its_own_event_is_traced = CASES.honest_traced()
test_an_interval_from_its_own_event_is_a_confirmed_finding = CASES.honest_confirmed()
