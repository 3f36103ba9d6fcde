"""A state stays with its name (app/domain/slots.py ``other_value``, ``_given_another``).

An item giving two states of one class for two names ("resolved for cache-node-3; still firing for
cache-node-5") may be restated with either state, but each with its own name: "resolved for
cache-node-5" keeps every token and a state the item gives, and puts it on the name whose part of
the item gives the other. A value stays with its name, as a number does (``binding.moved_value``).

Each lie is not read as fact with the offline engine or a trusting Verifier, and a lying Composer's
sentence doing it is refused; honest twins are confirmed findings."""

from __future__ import annotations

import pytest

from app.domain import provenance
from tests.unit.test_extent_rules import read_as_fact, session_on
from tests.unit.test_value_owner_and_membership import _log

EN = "\n".join([
    "2026-12-02T11:20:00Z alertmanager: alert DiskPressure resolved for cache-node-3; still firing for cache-node-5",
    "2026-12-02T11:30:00Z cron: job compact-logs on cache-node-3 succeeded, job compact-logs on cache-node-5 failed"])
ZH = "\n".join([
    "2026-12-02T03:20:00Z 告警平台: 告警 DiskPressure 在 cache-node-3 已解决；在 cache-node-5 仍在触发",
    "2026-12-02T03:30:00Z 定时任务: cache-node-3 上的任务 compact-logs 成功，cache-node-5 上的任务 compact-logs 失败"])

MOVED = {  # the claim, and what must not be read as fact
    "en-resolved-moved": ("At 11:20 alert DiskPressure was resolved for cache-node-5 as well", "resolved for cache-node-5"),
    "en-firing-moved": ("At 11:20 alert DiskPressure was still firing for cache-node-3", "firing for cache-node-3"),
    "en-job-moved": ("The compact-logs job on cache-node-5 succeeded at 11:30", "cache-node-5 succeeded"),
    "zh-resolved-moved": ("03:20 告警 DiskPressure 在 cache-node-5 已解决", "cache-node-5 已解决"),
    "zh-job-moved": ("03:30 cache-node-5 上的任务 compact-logs 成功", "compact-logs 成功"),
}
HONEST = {
    "en-resolved-own": "At 11:20 alert DiskPressure was resolved for cache-node-3",
    "en-firing-own": "At 11:20 alert DiskPressure was still firing for cache-node-5",
    "en-job-own": "The compact-logs job on cache-node-5 failed at 11:30",
    "zh-resolved-own": "03:20 告警 DiskPressure 在 cache-node-3 已解决",
    "zh-job-own": "03:30 cache-node-5 上的任务 compact-logs 失败",
}


def _logs(text: str) -> str:
    return ZH if _log(text) != _log("") else EN


@pytest.mark.parametrize(("text", "needle"), MOVED.values(), ids=MOVED.keys())
def test_a_state_put_on_the_other_name_is_not_traced(text: str, needle: str) -> None:
    assert provenance.Items(_logs(text).splitlines()).untraced(text) is not None, needle


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_state_kept_with_its_name_is_traced(text: str) -> None:
    assert provenance.Items(_logs(text).splitlines()).untraced(text) is None


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), MOVED.values(), ids=MOVED.keys())
def test_a_claim_moving_a_state_to_another_name_is_not_read_as_fact(text: str, needle: str, verifier: str) -> None:
    a = session_on(_logs(text), text, verifier)
    assert not read_as_fact(needle, a.final_answer), a.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_claim_keeping_a_state_with_its_name_is_a_confirmed_finding(text: str, verifier: str) -> None:
    a = session_on(_logs(text), text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize(("confirmed", "lie", "taken"), [
    (HONEST["en-firing-own"], "At 11:20 alert DiskPressure was resolved for cache-node-5.", False),
    (HONEST["en-firing-own"], "At 11:20 alert DiskPressure was still firing for cache-node-5.", True),
    (HONEST["zh-resolved-own"], "03:20 告警 DiskPressure 在 cache-node-5 已解决。", False),
    (HONEST["zh-resolved-own"], "03:20 告警 DiskPressure 在 cache-node-3 已解决。", True)],
    ids=["en-moved", "en-moved-honest", "zh-moved", "zh-moved-honest"])
def test_a_composer_sentence_moving_a_state_is_refused(confirmed: str, lie: str, taken: bool) -> None:
    a = session_on(_logs(confirmed), confirmed, lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, (a.composer_status, a.final_answer)
