"""A condition is a link (app/domain/provenance.py, ``_CONDITION``): "if X, Y" / "如果X，Y" joining
two evidence lines, each true, says that one brings the other, as "X, so Y" does; where no item
gives the link (an observation may not join two lines by a cause) it is not read as fact with the
offline engine or a trusting Verifier. A condition one line gives whole (a runbook's "if …, roll
back") is traced to that line, and two lines joined without a condition stay a finding. A condition
may be told by inversion ("Had X …, Y would have …", "Were X …", "Should X …") or by 要不是 ("but
for"): a counterfactual outcome no line gives; a past perfect after its subject ("…, and the
deployer had rolled …") is no condition."""

from __future__ import annotations

import pytest

from app.domain import claimtrace
from tests.unit.rule_cases import read_as_fact, session_on

EN = "\n".join([
    "2026-12-03T14:00:00Z monitor: success rate of pay-api fell to 97.2% (threshold 99%)",
    "2026-12-03T14:05:00Z deployer: pay-api rolled back to 8.1.0",
    "runbook pay-api: if the success rate stays below 99% for 10 min, roll pay-api back"])
ZH = "\n".join([
    "2026-12-03T15:00:00Z 监控: pay-api 成功率降至 97.2%（阈值 99%）",
    "2026-12-03T15:05:00Z 发布系统: pay-api 回滚到 8.1.0",
    "运行手册 pay-api: 如果成功率低于 99% 持续 10 分钟，回滚 pay-api"])

CONDITIONED = {
    "en-if": ("The deployer rolled pay-api back to 8.1.0 if the success rate of pay-api fell to 97.2%", "if"),
    "en-unless": ("The deployer rolled pay-api back to 8.1.0 unless the success rate fell to 97.2%", "unless"),
    "zh-ruguo": ("如果 pay-api 成功率降至 97.2%，发布系统会把 pay-api 回滚到 8.1.0", "如果"),
    "zh-yidan": ("一旦 pay-api 成功率降至 97.2%，发布系统就把 pay-api 回滚到 8.1.0", "一旦"),
    # a condition told by inversion, or by 要不是 ("but for"): an outcome no line gives
    "en-had": ("Had the success rate of pay-api fallen to 97.2%, the deployer would have rolled pay-api back to 8.1.0",
               "Had"),
    "en-were": ("Were the success rate of pay-api at 97.2%, the deployer would roll pay-api back to 8.1.0", "Were"),
    "en-should": ("Should the success rate of pay-api fall to 97.2%, the deployer rolls pay-api back to 8.1.0",
                  "Should"),
    "zh-yaobushi": ("要不是 pay-api 成功率降至 97.2%，发布系统不会把 pay-api 回滚到 8.1.0", "要不是"),
}
NOT_JOINED = {
    "en-runbook": "The runbook says if the success rate of pay-api stays below 99% for 10 min, roll pay-api back",
    "en-and": "The success rate of pay-api fell to 97.2%, and the deployer rolled pay-api back to 8.1.0",
    "zh-runbook": "运行手册: 如果成功率低于 99% 持续 10 分钟，回滚 pay-api",
    "zh-and": "pay-api 成功率降至 97.2%，发布系统把 pay-api 回滚到 8.1.0",
    "en-had-perfect": "The success rate of pay-api fell to 97.2%, and the deployer had rolled pay-api back to 8.1.0",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


@pytest.mark.parametrize(("text", "word"), CONDITIONED.values(), ids=CONDITIONED.keys())
def test_a_condition_joining_two_lines_is_not_traced(text: str, word: str) -> None:
    why = claimtrace.untraced_claim(text, "observation", _log(text).splitlines())
    assert why is not None and "condition" in why.reason, (word, why)


@pytest.mark.parametrize("text", NOT_JOINED.values(), ids=NOT_JOINED.keys())
def test_a_condition_of_one_line_or_a_join_without_one_is_traced(text: str) -> None:
    assert claimtrace.untraced_claim(text, "observation", _log(text).splitlines()) is None


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "word"), CONDITIONED.values(), ids=CONDITIONED.keys())
def test_a_claim_joining_two_lines_by_a_condition_is_not_read_as_fact(text: str, word: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert not read_as_fact(text, a.final_answer), (word, a.final_answer)


@pytest.mark.parametrize("text", NOT_JOINED.values(), ids=NOT_JOINED.keys())
def test_a_claim_without_a_new_condition_is_a_confirmed_finding(text: str) -> None:
    a = session_on(_log(text), text, "all-direct")
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer
