"""A finding that works out a figure is about the line its reading restates (app/domain/claimtrace.py
``restated_lines``, app/domain/workings.py): "The keepalive_timeout in r12 was 15 times its old 5s" is traced
only once its figure is worked out of "keepalive_timeout 5s -> 75s", and the line it then restates
names web-07, the question's subject. With the rule off, the relevance floor reads the finding
with no line (it is traced to none as written), finds no web-07 in it and calls it off topic,
though honest. The lie of the same shape stays refused: a figure the line does not give is traced
to nothing, and a figure of a line naming another subject stays off topic."""

from __future__ import annotations

import pytest

from events.models import VerdictReached
from tests.unit.factories import run_session
from tests.unit.rule_cases import read_as_fact
from tests.unit.scripted import ScriptedExecutor, claim, inv, output, roles_with

EN = "\n".join([
    "2026-11-22T10:00:10Z ops-log: r.diaz reloaded nginx on web-07 with config r12 (keepalive_timeout 5s -> 75s)",
    "2026-11-22T10:05:00Z ops-log: r.diaz set worker_connections on cache-3 from 512 to 4096"])
ZH = "\n".join([
    "2026-11-22T10:00:10Z 运维操作记录: 李娜 在 web-07 上以配置 r12 重载 nginx（keepalive_timeout 5s -> 75s）",
    "2026-11-22T10:05:00Z 运维操作记录: 李娜 把 cache-3 的 worker_connections 从 512 调到 4096"])

ON_TOPIC = {  # question, claim, log
    "en-a-multiple": ("What went wrong with web-07?", "The keepalive_timeout in r12 was 15 times its old 5s", EN),
    "zh-a-multiple": ("web-07 出了什么问题？", "r12 的 keepalive_timeout 75s 是原来 5s 的 15 倍", ZH),
}
REFUSED = {  # question, claim, log, whether the line may still be shown (off topic: never with PASS)
    "en-a-figure-no-line-gives": ("What went wrong with web-07?",
                                  "The keepalive_timeout in r12 was 20 times its old 5s", EN, False),
    "en-a-figure-of-another-subject": ("What went wrong with web-07?",
                                       "worker_connections on cache-3 went to 8 times its old 512", EN, True),
    "zh-a-figure-no-line-gives": ("web-07 出了什么问题？", "r12 的 keepalive_timeout 75s 是原来 5s 的 20 倍", ZH, False),
}


def _session(question: str, text: str, log: str, verifier: str):  # noqa: ANN202
    roles = roles_with(verifier, ScriptedExecutor({1: ([inv("i1", log)], output(claim("c1", text, ("i1",))))}))
    return run_session(question, roles=roles)


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text", "log"), ON_TOPIC.values(), ids=ON_TOPIC.keys())
def test_a_worked_out_figure_is_about_the_line_it_restates(question: str, text: str, log: str,
                                                           verifier: str) -> None:
    events, _, [answer] = _session(question, text, log, verifier)
    assert answer.verdict == "PASS" and read_as_fact(text, answer.final_answer), answer.final_answer
    assert all(v.relevance != "off_topic" for v in events if isinstance(v, VerdictReached))


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text", "log", "shown"), REFUSED.values(), ids=REFUSED.keys())
def test_a_figure_not_given_or_of_another_subject_is_no_pass_finding(question: str, text: str, log: str,
                                                                     shown: bool, verifier: str) -> None:
    _, _, [answer] = _session(question, text, log, verifier)
    assert answer.verdict != "PASS" and (shown or not read_as_fact(text, answer.final_answer)), answer.final_answer
