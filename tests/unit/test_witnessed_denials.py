"""A denial the line proves with its own value (app/domain/denial.py): "not yet zero at 10:05: 5130
messages remained", "had not dropped below 2%: it was 3.4%", "never exceeded 70% (64% at 09:00,
58% at 10:00)", "还没有清零，仍有 212 条", "并非完全没有失败，仍有 4 次". Each is read as the readings it
implies and judged as written; the lie of the same shape stays refused: a witness that does not rule
out what is denied (0 left, 1.2% under a 2% floor, 74% over a 70% ceiling), a witness taken from
another host, a time the line does not hold, a denial with no witness at all. With the rule off
(``denial.denial`` returning None), every honest form here is refused; the lies are refused either
way."""

from __future__ import annotations

import pytest

from app.domain import denial, provenance
from tests.unit.rule_cases import by_language, read_as_fact, session_on

EN = "\n".join([
    "2026-10-02T09:00:00Z prometheus: memory used cache-a 64%, cache-b 81%",
    "2026-10-02T10:00:00Z prometheus: memory used cache-a 58%, cache-b 74%",
    "2026-10-02T10:05:30Z burrow: group billing-sync topic invoices.v1 status OK, total lag 5130 messages",
    "2026-10-02T10:07:00Z cloudwatch: bucket acme-logs PUT 5xx 3.4%, GET 5xx 0.2%",
])
ZH = "\n".join([
    "2026-10-03T08:40:12Z rabbitmq mq-east-1: 队列 audit.events 消息堆积 212 条，消费速率 95 msg/s",
    "2026-10-03T08:42:00Z 运维操作记录: wu.lei 停止了批处理任务 nightly-export",
    "2026-10-03T08:45:05Z api-gw gw-3: 过去 60 秒获取上游连接失败 4 次",
])

HONEST = {
    "en-not-zero": "Total lag of billing-sync was not yet zero at 10:05: 5130 messages remained",
    "en-not-below": "At 10:07 the PUT 5xx rate had not dropped below 2%: it was 3.4%",
    "en-never-over": "cache-a memory never exceeded 70% in either reading (64% at 09:00, 58% at 10:00)",
    "zh-not-cleared": "08:40 时队列 audit.events 的堆积还没有清零，仍有 212 条",
    "zh-not-none": "gw-3 并非完全没有失败，08:45 仍有 4 次",
}
LIES = {
    "en-witness-zero": ("Total lag of billing-sync was not yet zero at 10:05: 0 messages remained", "0 messages"),
    "en-under-the-floor": ("At 10:07 the GET 5xx rate had not dropped below 2%: it was 0.2%", "not dropped below 2%"),
    "en-over-the-ceiling": ("cache-b memory never exceeded 70% in either reading (81% at 09:00, 74% at 10:00)",
                            "never exceeded 70%"),
    "en-other-host": ("cache-b memory never exceeded 70% in either reading (64% at 09:00, 58% at 10:00)",
                      "never exceeded 70%"),
    "en-no-witness": ("Total lag of billing-sync was not yet zero at 10:05", "not yet zero"),
    "zh-other-time": ("08:30 时队列 audit.events 的堆积还没有清零，仍有 212 条", "还没有清零"),
    "zh-bare-denial": ("gw-3 再没有获取上游连接失败", "再没有获取上游连接失败"),
}


_log = by_language(EN, ZH)


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_denial_its_own_value_proves_is_traced(text: str) -> None:
    assert denial.denial(text) is not None
    assert provenance.Items(_log(text).splitlines()).untraced(text) is None


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_an_honest_witnessed_denial_is_a_finding(text: str) -> None:
    a = session_on(_log(text), text)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_a_denial_its_value_does_not_prove_is_refused(text: str, needle: str) -> None:
    a = session_on(_log(text), text)
    assert not read_as_fact(needle, a.final_answer), a.final_answer


def test_the_ruled_out_value_is_worked_out_not_named() -> None:
    """The number a denial rules out ("70%" of "never exceeded 70%") is in no line: it is worked
    out (as an interval is), so the Gatekeeper does not take it for a value the line contradicts."""
    text = HONEST["en-never-over"]
    assert "70%" in provenance.Items(EN.splitlines()).worked_out(text)
