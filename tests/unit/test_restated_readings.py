"""What a line working out an interval is about (app/domain/workings.py ``restated``): the lines
its clauses restate and the lines its reading without the interval restates, so a finding whose
later event's clause holds no line for the interval it works out ("…，约 12 分钟后才提交硬件工单
HW-5513") is still about the host that line names. English and Chinese, on logs of their own; the
same findings asked about something else stay off topic."""

from __future__ import annotations

import pytest

from app.domain.provenance import Items
from tests.unit.rule_cases import session_on

EN = "\n".join([
    "2026-11-30T12:40:00Z alertmanager: alert DiskFull acknowledged by r.tanaka",
    "2026-11-30T12:52:20Z ops-log: r.tanaka cordoned node-q4 and opened ticket HW-5512"])
ZH = "\n".join([
    "2026-11-30 12:40:00 刘强 确认告警 DiskFull",
    "2026-11-30 12:52:20 运维日志：刘强 把 node-q5 设为 cordon，提交硬件工单 HW-5513"])

CASES = {
    "en": (EN, "r.tanaka acknowledged DiskFull at 12:40:00, then about 12 minutes later opened ticket HW-5512",
           "What went wrong with node-q4?", "How do I bake rye bread at home?"),
    "zh": (ZH, "刘强 先在 12:40:00 确认告警，约 12 分钟后才提交硬件工单 HW-5513", "node-q5 出了什么问题？",
           "红烧肉怎么做才不腻？"),
}


@pytest.mark.parametrize(("log", "text", "asked", "_"), CASES.values(), ids=CASES.keys())
def test_an_interval_finding_is_traced(log: str, text: str, asked: str, _: str) -> None:
    assert Items(log.splitlines()).untraced(text) is None


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("log", "text", "asked", "_"), CASES.values(), ids=CASES.keys())
def test_an_interval_finding_is_about_the_name_its_later_line_gives(log: str, text: str, asked: str, _: str,
                                                                     verifier: str) -> None:
    a = session_on(log, text, verifier, question=asked)
    assert a.verdict == "PASS", a.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("log", "text", "_", "other"), CASES.values(), ids=CASES.keys())
def test_an_interval_finding_asked_about_something_else_is_off_topic(log: str, text: str, _: str, other: str,
                                                                       verifier: str) -> None:
    assert session_on(log, text, verifier, question=other).verdict != "PASS"
