"""After a change "from A to B" a comparative is said of B, the value it came to
(app/domain/steps.py ``_direction``).

"cart-svc-1 heap fell from 3.2 GiB at 15:40 to 1.4 GiB at 16:40, 1.8 GiB less": the 1.8 GiB is how
much less B is than A, the way "fell" says; read as "A, 1.8 less than B" the words went both ways
and no difference was given. So "1.8 GiB more" after the same fall is the wrong way round (before,
it was taken), as "高出 21000 条" after "降到" is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-21T15:40:00Z prometheus: jvm heap used cart-svc-1 3.2 GiB (80%), cart-svc-2 1.1 GiB (28%)",
    "2026-11-21T16:40:00Z prometheus: jvm heap used cart-svc-1 1.4 GiB (35%), cart-svc-2 1.2 GiB (30%)"])
ZH = "\n".join([
    "2026-11-21T15:40:00Z 监控: 队列 pay.events 堆积 52000 条",
    "2026-11-21T16:10:00Z 监控: 队列 pay.events 堆积 31000 条"])

HONEST = {
    "en-fell-less": "cart-svc-1 heap fell from 3.2 GiB at 15:40 to 1.4 GiB at 16:40, 1.8 GiB less",
    "en-went-lower": "cart-svc-1 heap went from 3.2 GiB at 15:40 to 1.4 GiB at 16:40, 1.8 GiB lower",
    "zh-fell-fewer-control": "队列 pay.events 堆积从 15:40 的 52000 条降到 16:10 的 31000 条，少了 21000 条",
}
LIES = {
    "en-fell-more": ("cart-svc-1 heap fell from 3.2 GiB at 15:40 to 1.4 GiB at 16:40, 1.8 GiB more", "1.8 GiB more"),
    "en-rose-less": ("cart-svc-1 heap rose from 3.2 GiB at 15:40 to 1.4 GiB at 16:40, 1.8 GiB less", "rose"),
    "zh-fell-higher": ("队列 pay.events 堆积从 52000 条（15:40）降到 31000 条（16:10），高出 21000 条", "高出 21000 条"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_comparative_after_a_change_is_said_of_its_end = CASES.honest_traced()
test_a_comparative_after_a_change_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_comparative_the_other_way_from_its_change_is_not_traced = CASES.lies_untraced()
test_a_comparative_the_other_way_from_its_change_is_not_read_as_fact = CASES.lies_not_read_as_fact()
