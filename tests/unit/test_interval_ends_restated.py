"""A line working out an interval "from one event to another" restates the lines of its two ends
(app/domain/workings.py, ``readings`` with ``fromto.sides``): "从 15:02:10 发布到 15:17:40 503 降为 0，约
15 分半钟" is about the release line, which names pay-gw, so it addresses "pay-gw 出了什么问题？" as the
release line does. The ends are read only once the line is traced: the same words over the lines of
another service's release do not address pay-gw."""

from __future__ import annotations

import pytest

from tests.unit.rule_cases import read_as_fact, session_on

ZH = "\n".join([
    "2026-12-05 15:02:10 部署：陈晓 通过 CodeDeploy 发布 pay-gw v3.8.0，目标组 tg-pay-gw 的健康检查路径由 /healthz 改为"
    " /health/ready",
    "2026-12-05 15:17:40 ALB：tg-pay-gw 健康目标数 4/4，HTTPCode_ELB_503_Count 降为 0"])
OTHER_ZH = "\n".join([
    "2026-12-05 15:02:10 部署：陈晓 通过 CodeDeploy 发布 search-api v2.1.0",
    "2026-12-05 15:17:40 ALB：tg-search 健康目标数 4/4，HTTPCode_ELB_503_Count 降为 0"])
EN = "\n".join([
    "2026-12-05T15:02:10Z deploy: c.xiao released pay-gw v3.8.0 via CodeDeploy",
    "2026-12-05T15:17:40Z alb: tg-pay-gw healthy targets 4/4, HTTPCode_ELB_503_Count fell to 0"])
INTERVAL = "从 15:02:10 发布到 15:17:40 503 降为 0，约 15 分半钟"


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("log", "text", "question"), [
    (ZH, INTERVAL, "pay-gw 出了什么问题？"),
    (EN, "c.xiao released pay-gw v3.8.0 at 15:02:10", "What went wrong with pay-gw?"),
], ids=["zh-interval-from-the-release", "en-the-release-itself"])
def test_an_interval_from_an_event_addresses_what_its_ends_lines_name(
        log: str, text: str, question: str, verifier: str) -> None:
    a = session_on(log, text, verifier, question=question)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
def test_an_interval_over_another_services_lines_does_not_address_the_question(verifier: str) -> None:
    a = session_on(OTHER_ZH, INTERVAL, verifier, question="pay-gw 出了什么问题？")
    assert a.verdict != "PASS", a.final_answer
