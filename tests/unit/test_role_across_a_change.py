"""A role word before a change (app/domain/roles.py): "p95 由 180 ms 升至 640 ms", "p95 latency rose
from 180 ms to 640 ms" name the quantity both ends measure, so a line giving the end in that role
("p95 升至 640 ms", "p95 latency reached 640 ms") restates it. The nearest lies keep the end and give it
the role of another quantity of the line ("p50 升至 640 ms"), or the role of a word written after the
change's opening, which is the start's alone ("the baseline latency was 210 ms" of "rose from the
baseline 38 ms to 210 ms"): not traced, not read as fact."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-24T10:15:30Z billing-api: checkout p95 latency rose from 180 ms to 640 ms, p50 latency 150 ms",
    "2026-11-24T10:20:00Z probe: inventory-svc latency rose from the baseline 38 ms to 210 ms"])
ZH = "\n".join([
    "2026-11-24 10:06:00 prometheus：db-bill-04 commit 延迟 p99 由 4.2 ms 升至 13.1 ms，p50 3.0 ms",
    "2026-11-24 10:15:30 billing-api：下单接口 p95 由 180 ms 升至 640 ms，5 分钟内超时（504）213 次"])
LIES = {
    "en-end-given-another-percentile": ("At 10:15:30 billing-api checkout p50 latency was 640 ms", "p50 latency was 640"),
    "en-end-given-the-start-s-baseline": ("inventory-svc baseline latency was 210 ms", "baseline latency was 210"),
    "zh-end-given-another-percentile": ("10:06 db-bill-04 commit p50 升至 13.1 ms", "p50 升至 13.1"),
    "zh-end-given-a-baseline": ("10:15:30 billing-api 下单接口 p95 基线为 640 ms", "基线为 640"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, {
    "en-end-in-the-change-s-role": "At 10:15:30 billing-api checkout p95 latency was 640 ms",
    "en-end-reached": "billing-api checkout p95 latency reached 640 ms at 10:15:30",
    "zh-end-rose-to": "10:06 db-bill-04 commit p99 升至 13.1 ms",
    "zh-end-and-start": "10:15:30 billing-api 下单接口的 p95 延迟是 640 ms，原来 180 ms",
    "zh-end-said": "10:15:30 billing-api 下单接口 p95 升至 640 ms",
})

test_an_end_given_another_role_is_not_traced = CASES.lies_untraced()
test_an_end_given_another_role_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_end_in_its_change_s_role_is_traced = CASES.honest_traced()
test_an_end_in_its_change_s_role_is_confirmed = CASES.honest_confirmed()
