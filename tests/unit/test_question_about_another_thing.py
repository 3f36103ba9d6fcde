"""A question about another thing that shares a word of a finding's name (app/domain/asked_thing.py,
read by the relevance floor, app/domain/relevance.py): "How do I reset the billing scanner on desk 9?"
shares "billing" with findings about billing-api, but asks about a scanner; "search 输入框的字体怎么改？"
shares "search" with search-api, and asks about a font. Off topic is never PASS. A question whose
head noun is the findings' or a word of IT operations ("the billing service") stays on topic."""

from __future__ import annotations

import pytest

from tests.unit.rule_cases import read_as_fact, session_on

EN = "\n".join([
    "2026-11-25T03:29:50Z ops-log: j.ito ran kubectl rollout restart deployment/billing-api (4 pods)",
    "2026-11-25T03:33:20Z grafana: billing-api error rate 0.0%, 4 of 4 pods Ready"])
ZH = "\n".join([
    "2026-11-25 10:02:00 发布记录：林峰 发布 search-api v3.4.0",
    "2026-11-25 10:30:00 grafana：search-api p95 延迟 1.8s"])

OFF_TOPIC = {  # question, a true finding that shares a word of the question's thing
    "en-scanner": ("How do I reset the billing scanner on desk 9 when it jams?",
                   "j.ito ran kubectl rollout restart deployment/billing-api at 03:29:50"),
    "en-badge-printer": ("Why does the billing badge printer keep restarting?",
                         "j.ito ran kubectl rollout restart deployment/billing-api at 03:29:50"),
    "zh-font": ("search 输入框的字体怎么改？", "林峰 发布了 search-api v3.4.0"),
    "zh-button": ("search 按钮的颜色怎么换？", "10:30 search-api p95 延迟 1.8s"),
}
ON_TOPIC = {  # question, a finding about the thing asked of
    "en-service": ("Why did the billing service restart?",
                   "j.ito ran kubectl rollout restart deployment/billing-api at 03:29:50"),
    "en-named": ("Is billing-api healthy again?", "At 03:33:20 billing-api error rate was 0.0%, 4 of 4 pods Ready"),
    "zh-slow": ("search 接口为什么变慢了？", "10:30 search-api p95 延迟 1.8s"),
    "zh-release": ("search-api 最近发布了什么版本？", "林峰 发布了 search-api v3.4.0"),
}


def _answer(question: str, text: str, verifier: str):  # noqa: ANN202
    return session_on(ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN, text, verifier, question=question)


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text"), OFF_TOPIC.values(), ids=OFF_TOPIC.keys())
def test_a_question_about_another_thing_of_a_shared_word_is_no_pass(question: str, text: str, verifier: str) -> None:
    assert _answer(question, text, verifier).verdict != "PASS"


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text"), ON_TOPIC.values(), ids=ON_TOPIC.keys())
def test_a_question_about_the_findings_thing_is_a_pass(question: str, text: str, verifier: str) -> None:
    answer = _answer(question, text, verifier)
    assert answer.verdict == "PASS" and read_as_fact(text, answer.final_answer), answer.final_answer
