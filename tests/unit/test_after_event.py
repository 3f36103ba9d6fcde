"""A Chinese event followed by a lone 后 is the word of time order 之后 (app/domain/postposition.py):
"export-weekly 中止后没有重新调度" joins the abort at 01:10 to the line at 01:30 saying it was not
rescheduled, each side traced to its own line, in the order their times give. The lie of the same
shape stays refused: the sides in the other order, a side that is a runbook's rule and no event of
the log, a side denying what its line tells. With the rule off (``spelled_out`` returning the line
as written), the honest lines are refused (their 后 runs into the words either side) and the
runbook's rule read as an event is traced."""

from __future__ import annotations

import pytest

from app.domain import postposition, provenance
from tests.unit.rule_cases import read_as_fact, session_on

ZH = "\n".join([
    "2026-10-04T01:05:00Z api-gw gw-7: 过去 60 秒获取上游连接失败 40 次",
    "2026-10-04T01:10:00Z 运维操作记录: he.jun 用 kill 终止 export-weekly 的 12 个会话，任务状态 已中止",
    "2026-10-04T01:12:30Z api-gw gw-7: 过去 60 秒获取上游连接失败 2 次",
    "2026-10-04T01:30:00Z 定时任务: export-weekly 未重新调度，下次运行 2026-10-05T01:00:00Z",
    "处理手册：会话终止后先通知数据平台负责人，再重新调度任务",
])
ITEMS = provenance.Items(ZH.splitlines())

HONEST = {
    "aborted-then-not-rescheduled": "export-weekly 中止后没有重新调度",
    "aborted-then-a-denial-its-value-proves": "he.jun 终止会话后 gw-7 并非完全没有失败，01:12 仍有 2 次",
}
LIES = {
    "other-order": "export-weekly 未重新调度后 he.jun 终止了会话",
    "runbook-rule-as-event": "任务中止后通知了数据平台负责人",
    "denies-its-line": "he.jun 终止会话后 gw-7 再没有获取上游连接失败",
    "a-denial-before-its-event": "export-weekly 未重新调度后 gw-7 并非完全没有失败，01:12 仍有 2 次",
}


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_an_event_and_what_followed_it_is_traced(text: str) -> None:
    assert postposition.spelled_out(text) != text
    assert ITEMS.untraced(text) is None
    a = session_on(ZH, text)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("text", LIES.values(), ids=LIES.keys())
def test_a_sequence_its_lines_do_not_give_is_refused(text: str) -> None:
    assert ITEMS.untraced(text) is not None
    assert not read_as_fact(text, session_on(ZH, text).final_answer)


@pytest.mark.parametrize(("text", "kept"), [
    ("约 5 分钟后恢复", "interval"), ("02:24 后恢复", "a time"), ("最后一次重启", "a word of its own"),
], ids=["after-a-duration", "after-a-time", "inside-a-word"])
def test_a_lone_after_only_follows_an_event(text: str, kept: str) -> None:
    assert postposition.spelled_out(text) == text, kept
