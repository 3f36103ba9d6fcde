"""A line that works out a figure or an interval is about the lines it works it out of
(app/domain/workings.py, read by claimtrace ``restated_lines`` for the relevance floor).

"A p99 of 3.2 s is 16 times the 200 ms baseline" names no host: it is traced only once the
figure is out, to the ingress line about orders-api, and so answers a question about orders-api;
"The rollback ran for 5 min 30 s, from 10:04:00 to 10:09:30" is about the two rollback lines.
The same figure worked out of a line about another host stays off topic, and a figure no line
gives is not traced at all."""

from __future__ import annotations

import pytest

from tests.unit.rule_cases import RuleCases, by_language, read_as_fact, session_on

EN = "\n".join([
    "2026-11-22T10:00:00Z envoy ingress: upstream orders-api 5xx 2.0% of 6000 req/min, p99 latency 3.2 s (baseline 200 ms)",
    "2026-11-22T10:04:00Z deploy-log: rollback of orders-api to v2.3.1 started by k.ito",
    "2026-11-22T10:09:30Z deploy-log: rollback to v2.3.1 completed on orders-api-0",
    "2026-11-22T10:05:00Z node-exporter disk-mon-9: write latency p99 4.8 s (baseline 300 ms)"])
ZH = "\n".join([
    "2026-11-22T04:10:00Z 网关 gw-2: 上游 pay-svc 5xx 比例 2.0%，请求 6000 次/分钟，p99 延迟 3.2 s（基线 200 ms）",
    "2026-11-22T04:14:00Z 运维操作记录: li.na 开始回滚 pay-svc 到 v1.4.2",
    "2026-11-22T04:19:30Z 发布记录: pay-svc 回滚完成，3/3 实例运行 v1.4.2",
    "2026-11-22T04:15:00Z 监控 disk-mon-9: 写入延迟 p99 4.8 s（基线 300 ms）"])
log_of = by_language(EN, ZH)

ON_TOPIC = {  # question, a claim working a value out of lines about the question's subject
    "en-multiple": ("What went wrong with orders-api?", "A p99 of 3.2 s is 16 times the 200 ms baseline"),
    "en-rate-share": ("What went wrong with orders-api?",
                      "2.0% of 6000 req/min comes to about 120 failed requests a minute"),
    "en-interval-span": ("What went wrong with orders-api?", "The rollback ran for 5 min 30 s, from 10:04:00 to 10:09:30"),
    "zh-multiple": ("pay-svc 出了什么问题？", "p99 3.2 s 约是基线 200 ms 的 16 倍"),
    "zh-interval-span": ("pay-svc 出了什么问题？", "回滚从 04:14:00 到 04:19:30，用时 5 分 30 秒"),
}
OFF_TOPIC = {  # question, the same figure worked out of a line about another host
    "en-other-host": ("What went wrong with orders-api?", "A write p99 of 4.8 s is 16 times the 300 ms baseline"),
    "zh-other-host": ("pay-svc 出了什么问题？", "写入延迟 p99 4.8 s 约是基线 300 ms 的 16 倍"),
}
OFF = ("does not address the question", "与所提问题无关")
"""The answer's words for evidence that does not address the question (app/domain/templates.py)."""
LIES = {  # a figure no line gives: not traced, never read as fact
    "en-wrong-multiple": ("A p99 of 3.2 s is 20 times the 200 ms baseline", "20 times"),
    "zh-wrong-multiple": ("p99 3.2 s 约是基线 200 ms 的 30 倍", "30 倍"),
}
CASES = RuleCases(log_of, LIES, {k: text for k, (_, text) in ON_TOPIC.items()})

test_a_worked_out_figure_or_interval_is_traced = CASES.honest_traced()
test_a_figure_no_line_gives_is_not_traced = CASES.lies_untraced()
test_a_figure_no_line_gives_is_not_read_as_fact = CASES.lies_not_read_as_fact()


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text"), ON_TOPIC.values(), ids=ON_TOPIC.keys())
def test_a_value_worked_out_of_lines_about_the_subject_addresses_the_question(question: str, text: str,
                                                                               verifier: str) -> None:
    answer = session_on(log_of(text), text, verifier, question=question)
    assert answer.verdict == "PASS" and read_as_fact(text, answer.final_answer), answer.final_answer


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text"), OFF_TOPIC.values(), ids=OFF_TOPIC.keys())
def test_a_value_worked_out_of_a_line_about_another_subject_stays_off_topic(question: str, text: str,
                                                                            verifier: str) -> None:
    answer = session_on(log_of(text), text, verifier, question=question)
    assert answer.verdict != "PASS" and any(off in answer.final_answer for off in OFF), answer.final_answer
