"""A question in common words only is off topic when none of its topic words is the findings' or a
word of IT operations; an operator's open question ("what happened?", "为什么这么慢？") is not
judged (app.domain.relevance, app.domain.operations)."""

from __future__ import annotations

import pytest

from app.domain.relevance import floor

EN = ["ledger-svc-0 heap was at 40% at 16:40", "media-api-2 stayed on v2.8.4"]
ZH = ["chen.hao 将 order-consumer 扩容到 8 个实例", "li.wei 确认了告警 PgBouncerClientWaiting"]


@pytest.mark.parametrize(("question", "findings"), [
    ("What's a good recipe for banana bread?", EN),
    ("Who won the football game last night?", EN),
    ("Can you write me a poem about the sea?", EN),
    ("Which movie should I watch with my kids tonight?", EN),
    ("香蕉面包怎么做？", ZH),
    ("明天北京会下雨吗？", ZH),
    ("帮我写一首关于秋天的诗", ZH),
    ("今天天气怎么样？", ZH),
], ids=["recipe-en", "football-en", "poem-en", "movie-en", "bread-zh", "rain-zh", "poem-zh", "weather-zh"])
def test_a_question_in_common_words_about_something_else_is_off_topic(question: str, findings: list[str]) -> None:
    assert floor(question, findings) == "off_topic"


@pytest.mark.parametrize(("question", "findings"), [
    ("What happened?", EN),
    ("Why is it slow?", EN),
    ("What is wrong?", EN),
    ("Is the site down?", EN),
    ("What should I do next?", EN),
    ("Why is the website unreachable?", EN),
    ("Why is everything so sluggish today?", EN),
    ("Why are customers complaining?", EN),
    ("Is the heap still high?", EN),
    ("发生了什么？", ZH),
    ("为什么这么慢？", ZH),
    ("出了什么问题？", ZH),
    ("为什么报错了？", ZH),
    ("现在该怎么办？", ZH),
    ("网站打不开了", ZH),
    ("用户为什么一直投诉？", ZH),
], ids=["happened-en", "slow-en", "wrong-en", "down-en", "next-en", "unreachable-en", "sluggish-en",
        "customers-en", "heap-en", "happened-zh", "slow-zh", "problem-zh", "error-zh", "next-zh",
        "unreachable-zh", "complaints-zh"])
def test_an_operators_open_question_is_not_judged_off_topic(question: str, findings: list[str]) -> None:
    assert floor(question, findings) != "off_topic"


@pytest.mark.parametrize(("question", "findings"), [
    ("How do I fix the Kafka consumer lag alert?", EN),
    ("What is a good recipe for sourdough bread?", EN),
    ("怎么重置 Jenkins 的管理员密码？", ZH),
], ids=["kafka-en", "sourdough-en", "jenkins-zh"])
def test_a_question_with_a_subject_the_findings_lack_stays_off_topic(question: str, findings: list[str]) -> None:
    assert floor(question, findings) == "off_topic"
