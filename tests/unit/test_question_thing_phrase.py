"""The thing a question asks about is its whole noun phrase (app/domain/asked_thing.py, read by the
relevance floor, app/domain/relevance.py): "How do I book a meeting room on floor 3 for new hires?"
shares "floor 3" with findings about laptops on floor 3, yet asks about a room; "What priority should
the print queue on floor 3 have?" asks about a print queue, not any queue; "怎么给自己的 gmail.com 邮箱设置
假期自动回复？" shares gmail.com and asks about the asker's own mailbox. Words of the phrase, and of the
prepositional phrases after it, only place or qualify that other thing: off topic, never PASS. A
question whose phrase is the findings' ("the laptops on level 2", "my mail to outlook.com") stays
on topic."""

from __future__ import annotations

import pytest

from tests.unit.rule_cases import read_as_fact, session_on

EN = "\n".join([
    "2026-11-25T03:10:00Z helpdesk: ticket INC-7001 opened by a.kim: 14 laptops on level 2 cannot reach vpn-gw-01",
    "2026-11-25T03:12:00Z lb-x keepalived: uplink on rack 7 restored; priority 200, state MASTER",
    "2026-11-25T03:20:00Z postfix/smtp relay-01: mail to outlook.com rejected: 550 5.7.515 (DKIM)"])
ZH = "\n".join([
    "2026-11-25 10:05:00 helpdesk：王磊 创建工单 INC-8002，5 楼新员工的 18 台笔记本无法连接 vpn-gw-02",
    "2026-11-25 10:20:00 postfix/smtp relay-02：发往 qq.com 的邮件被拒收：550 5.7.1 DKIM 验证失败"])

OFF_TOPIC = {  # question, a true finding that shares a word of the place or owner of the question's thing
    "en-parking-on-level": ("How do I reserve a parking space on level 2 for contractors?",
                            "a.kim opened INC-7001 for 14 laptops on level 2"),
    "en-label-printer-on-rack": ("What priority should the label printer on rack 7 get?",
                                 "At 03:12 lb-x was MASTER with priority 200"),
    "en-scan-queue-on-rack": ("Which priority should the scan queue on rack 7 have?",
                              "At 03:12 lb-x was MASTER with priority 200"),
    "en-own-mailbox": ("How do I turn on forwarding for my outlook.com mailbox?",
                       "At 03:20 outlook.com rejected mail from relay-01 with 550 5.7.515"),
    "zh-own-mailbox": ("怎么给自己的 qq.com 邮箱开启自动转发？", "qq.com 在 10:20 以 550 5.7.1 拒收 relay-02 的邮件"),
    "zh-my-mailbox": ("我的 qq.com 邮箱怎么改签名？", "qq.com 在 10:20 以 550 5.7.1 拒收 relay-02 的邮件"),
    "zh-room-on-floor": ("5 楼的会议室怎么给新员工预订？", "王磊 创建工单 INC-8002，5 楼 18 台笔记本无法连接 vpn-gw-02"),
}
ON_TOPIC = {  # question, a finding about the thing asked of, in a phrase of the same shape
    "en-laptops-on-level": ("Why can the laptops on level 2 not reach the VPN?",
                            "a.kim opened INC-7001 for 14 laptops on level 2"),
    "en-priority-on-rack": ("What priority did lb-x have after the uplink on rack 7 was restored?",
                            "At 03:12 lb-x was MASTER with priority 200"),
    "en-my-mail": ("Why was my mail to outlook.com rejected?",
                   "At 03:20 outlook.com rejected mail from relay-01 with 550 5.7.515"),
    "zh-mail": ("发往 qq.com 的邮件为什么被拒收？", "qq.com 在 10:20 以 550 5.7.1 拒收 relay-02 的邮件"),
    "zh-laptops": ("5 楼的笔记本为什么连不上 vpn-gw-02？", "王磊 创建工单 INC-8002，5 楼 18 台笔记本无法连接 vpn-gw-02"),
}


def _answer(question: str, text: str, verifier: str):  # noqa: ANN202
    return session_on(ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN, text, verifier, question=question)


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text"), OFF_TOPIC.values(), ids=OFF_TOPIC.keys())
def test_a_question_about_a_thing_placed_or_owned_by_a_shared_word_is_no_pass(question: str, text: str,
                                                                             verifier: str) -> None:
    assert _answer(question, text, verifier).verdict != "PASS"


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text"), ON_TOPIC.values(), ids=ON_TOPIC.keys())
def test_a_question_whose_phrase_is_the_findings_is_a_pass(question: str, text: str, verifier: str) -> None:
    answer = _answer(question, text, verifier)
    assert answer.verdict == "PASS" and read_as_fact(text, answer.final_answer), answer.final_answer
