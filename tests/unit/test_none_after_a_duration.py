"""A count of none in a stretch that also gives how long something took ("took 2h 14m with 0 flaky
test reruns") still counts none of its thing (``app.domain.counted_none``): the duration, each of
its smaller parts ("14m" after "2h", whatever "m" would mean alone) and the word before it are not
what is counted. A line saying the thing happened ("needed flaky test reruns") is not the item's;
the duration, the count of none or a denial restated stay traced. With the smaller part read as a
counted word, the English lies are traced. (Chinese counts of none of a thing told in Chinese
words alone are not read by this rule; one of a thing named in Latin letters is, in its own
stretch.)"""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-09-02T04:00:00Z jenkins: build 812 of payments-svc took 2h 14m with 0 flaky test reruns",
    "2026-09-02T06:00:00Z k8s: pod ingest-7 ran 3h 5m with 0 OOM kills"])
ZH = "2026-09-03 05:00:00 jenkins：payments-svc 第 812 次构建耗时 2 小时 14 分，flaky 重跑 0 次"

LIES = {
    "en-needed": ("Build 812 of payments-svc needed flaky test reruns", "needed flaky test reruns"),
    "en-also-needed": ("Build 812 of payments-svc also needed flaky test reruns", "also needed flaky"),
    "en-had": ("Pod ingest-7 had OOM kills", "had OOM kills"),
    "en-saw": ("Pod ingest-7 saw OOM kills during its run", "saw OOM kills"),
    "zh-happened": ("payments-svc 第 812 次构建出现 flaky 重跑", "出现 flaky 重跑"),
}
HONEST = {
    "en-duration": "Build 812 of payments-svc took 2h 14m",
    "en-none": "Build 812 of payments-svc had 0 flaky test reruns",
    "en-denied": "Pod ingest-7 had no OOM kills",
    "en-whole": "Pod ingest-7 ran 3h 5m with 0 OOM kills",
    "zh-duration": "payments-svc 第 812 次构建耗时 2 小时 14 分",
    "zh-denied": "payments-svc 第 812 次构建没有 flaky 重跑",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_thing_counted_none_after_a_duration_said_to_happen_is_not_traced = CASES.lies_untraced()
test_a_thing_counted_none_after_a_duration_said_to_happen_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_duration_and_a_count_of_none_are_traced = CASES.honest_traced()
test_a_duration_and_a_count_of_none_are_findings = CASES.honest_confirmed()
