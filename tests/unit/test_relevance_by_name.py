"""A finding is about what the cited lines naming its names are about (app/domain/linked.py, read by
the relevance floor in app/domain/reconcile.py ``_relevance``).

"l.moreau set wrap_ttl 900s in deploy-config rev r58" neither names pay-api nor restates a line that
does, but another line it cites names deploy-config as pay-api's: asked what went wrong with pay-api,
it is a PASS finding. A finding whose names no cited line gives beside the question's subject, or
naming nothing, stays off topic; a question about something else shares none of them."""

from __future__ import annotations

import pytest

from tests.unit.rule_cases import read_as_fact, session_on

EN = "\n".join([
    "2026-12-05T07:58:40Z ops-log: p.nowak merged deploy-config rev r57 for pay-api (wave batch size 6 -> 3)",
    "2026-12-05T08:00:00Z deploy-bot: wave 2 of pay-api v4.8.1 started on prod-eu1, 12 pods in 4 batches",
    "2026-12-05T08:14:20Z ops-log: l.moreau set wrap_ttl 900s in deploy-config rev r58",
    "2026-12-05T08:17:45Z deploy-bot: batches 3 and 4 of wave 2 Ready; 12 of 12 pods on v4.8.1",
    "2026-12-05T08:20:00Z node-exporter disk-mon-9: filesystem /var usage 95%"])
ZH = "\n".join([
    "2026-12-05 01:55:00 运维日志：赵敏 上线 cron 配置 rev c-204，rpt-03 上 report-export 改为每 15 分钟一次",
    "2026-12-05 04:50:00 运维日志：赵敏 给 report-export 加上 flock -n /run/report-export.lock",
    "2026-12-05 05:00:00 监控 disk-mon-9：磁盘使用率 95%"])

ON_TOPIC = {  # question, claim whose name a cited line gives beside the question's subject
    "en-config-of-the-service": ("What went wrong with pay-api?", "l.moreau set wrap_ttl 900s in deploy-config rev r58"),
    "en-version-of-the-service": ("What went wrong with pay-api?", "12 of 12 pods of wave 2 were on v4.8.1 at 08:17:45"),
    "zh-job-of-the-host": ("rpt-03 出了什么问题？", "04:50 赵敏 给 report-export 加上了 flock -n /run/report-export.lock"),
}
OFF_TOPIC = {  # question, claim whose names no cited line gives beside the question's subject
    "en-other-host": ("What went wrong with pay-api?", "disk-mon-9 filesystem /var usage was 95%"),
    "en-off-topic": ("What flour to water ratio should a sourdough starter have?",
                     "l.moreau set wrap_ttl 900s in deploy-config rev r58"),
    "zh-other-host": ("rpt-03 出了什么问题？", "disk-mon-9 磁盘使用率 95%"),
    "zh-off-topic": ("红烧肉怎么做才不腻？", "04:50 赵敏 给 report-export 加上了 flock -n /run/report-export.lock"),
}


def _answer(question: str, text: str, verifier: str):  # noqa: ANN202
    return session_on(ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN, text, verifier, question=question)


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text"), ON_TOPIC.values(), ids=ON_TOPIC.keys())
def test_a_finding_naming_what_a_cited_line_ties_to_the_subject_is_a_pass_finding(question: str, text: str,
                                                                                  verifier: str) -> None:
    answer = _answer(question, text, verifier)
    assert answer.verdict == "PASS" and read_as_fact(text, answer.final_answer), answer.final_answer


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text"), OFF_TOPIC.values(), ids=OFF_TOPIC.keys())
def test_a_finding_whose_names_no_line_ties_to_the_subject_is_no_pass(question: str, text: str, verifier: str) -> None:
    assert _answer(question, text, verifier).verdict != "PASS"
