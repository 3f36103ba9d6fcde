"""A name the line sets right itself, "B, not A" (app/domain/corrected.py): the line says what its
reading without the denial says, and its denial holds where no item says the event of A. English
and Chinese, on logs of their own; the lies give the event to the name denied, or deny a name its
item gives the same event."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-30T07:02:00Z ops-log: k.olsen pushed fw-config rev 88 to fw-edge-04",
    "2026-11-30T07:20:00Z fw-edge-04 bird: withdrew 10.9.1.0/24 from spine-s1 and spine-s2",
    "2026-11-30T07:31:00Z ops-log: m.ferro rolled fw-edge-04 back to fw-config rev 87",
    "2026-11-30T07:40:00Z kernel node-g3: Xid 79 on GPU 6",
    "2026-11-30T07:45:00Z kernel node-g5: Xid 13 on GPU 1"])
ZH = "\n".join([
    "2026-11-30 08:05:00 运维日志：周婷 把 node-h2 设为 cordon",
    "2026-11-30 08:10:00 运维日志：吴磊 提交训练作业 job-77",
    "2026-11-30 08:31:02 node-h5 内核日志：Xid 13（GPU 3）",
    "2026-11-30 08:40:00 运维日志：作业 job-77 换用 node-h6 和 node-h7"])

LIES = {
    "agent-denied-is-the-one": ("k.olsen, not m.ferro, rolled fw-edge-04 back to fw-config rev 87", "k.olsen, not"),
    "denies-a-name-of-the-event": ("fw-edge-04 withdrew 10.9.1.0/24 from spine-s1, not spine-s2", "not spine-s2"),
    "zh-agent-denied-is-the-one": ("是 吴磊 而不是 周婷 把 node-h2 设为 cordon", "而不是 周婷"),
    "zh-denies-a-name-of-the-event": ("作业 job-77 换用 node-h6，而不是 node-h7", "而不是 node-h7"),
}
HONEST = {
    "agent": "m.ferro, not k.olsen, rolled fw-edge-04 back to fw-config rev 87",
    "host-at-the-end": "The Xid 79 at 07:40:00 was on node-g3, not node-g5",
    "zh-agent": "是 周婷 而不是 吴磊 把 node-h2 设为 cordon",
    "zh-host-at-the-end": "08:31:02 出现 Xid 13 的是 node-h5 的 GPU 3，不是 node-h2",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_name_set_right_against_its_item_is_not_traced = CASES.lies_untraced()
test_a_name_set_right_against_its_item_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_name_set_right_by_its_item_is_traced = CASES.honest_traced()
test_a_name_set_right_by_its_item_is_confirmed = CASES.honest_confirmed()
