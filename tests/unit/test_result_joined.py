"""A result joined with no word of cause links two items as "so" does (app/domain/resultative.py):
"backup-job on db-5 started at 04:00, raising replica lag on db-6 to 45 s" and "…启动，使 db-6 复制延迟
达到 45 秒" join two true lines by a link no line gives. With the rule off each clause was traced to
its own line and the link read as fact; two facts set side by side are not of the form, nor a
phrase a participle only introduces ("including …", "following …")."""

from __future__ import annotations

import pytest

from app.domain import provenance, resultative
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-06-20T04:00:00Z cron: backup-job on db-5 started",
    "2026-06-20T04:12:00Z postgres: replication to db-6 stalled, lag 45 s"])
ZH = "\n".join([
    "2026-06-20 04:00:00 cron：db-5 上的 backup-job 启动",
    "2026-06-20 04:12:00 grafana：db-6 复制延迟达到 45 秒"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-stalling": ("backup-job on db-5 started at 04:00, stalling replication to db-6", "stalling"),
    "en-stalling-lag": ("The backup-job on db-5 started, stalling replication to db-6 with a lag of 45 s", "stalling"),
    "zh-shi": ("db-5 上的 backup-job 在 04:00 启动，使 db-6 复制延迟达到 45 秒", "使 db-6"),
    "zh-zhishi": ("db-5 上的 backup-job 在 04:00 启动，致使 db-6 复制延迟达到 45 秒", "致使 db-6"),
}, {
    "en-side-by-side": "backup-job on db-5 started at 04:00, and replication to db-6 stalled at 04:12",
    "en-stalled-with-its-lag": "backup-job on db-5 started at 04:00, replication to db-6 stalled with a lag of 45 s",
    "zh-side-by-side": "db-5 上的 backup-job 在 04:00 启动，db-6 复制延迟在 04:12 达到 45 秒",
})


@pytest.mark.parametrize(("text", "needle"), CASES.lies.values(), ids=CASES.lies.keys())
def test_a_result_joined_without_a_cause_word_is_not_traced(text: str, needle: str) -> None:
    """Judged where no line is a confirmed cause (``Items.causes`` empty), as in a session."""
    assert provenance.Items(CASES.log_of(text).splitlines(), causes=()).untraced(text) is not None, needle


@pytest.mark.parametrize("text", CASES.honest.values(), ids=CASES.honest.keys())
def test_two_facts_side_by_side_are_traced(text: str) -> None:
    assert provenance.Items(CASES.log_of(text).splitlines(), causes=()).untraced(text) is None


test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()


@pytest.mark.parametrize("text", [
    "billing-worker:3.4.0 同步之后约 4 分半，billing-worker-7f9c-2 离开消费组 invoices-sync",
    "the sync finished, Billing then resumed",
])
def test_a_name_in_ing_opens_no_result(text: str) -> None:
    assert not resultative.result_joined(text)
