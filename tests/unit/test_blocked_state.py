"""Whether a flow is held back is a closed class (app/domain/slots.py, the class ``blocking``).

Blocked or throttled (阻塞, 限流), or unblocked, its block lifted (阻塞已解除): a line saying "still
blocked" of an item saying the block was lifted keeps every token and every subject term of its
item, and gives a state the item does not. A state named with its release ("阻塞已解除", "the block …
was lifted") is the release, not the block.

Each lie is not read as fact with the offline engine or a trusting Verifier, and a lying Composer's
sentence doing it is refused; honest twins are confirmed findings."""

from __future__ import annotations

import pytest

from app.domain import provenance, slots
from tests.unit.test_extent_rules import read_as_fact, session_on
from tests.unit.test_value_owner_and_membership import _log

EN = "\n".join([
    "2026-12-03T08:10:00Z rabbitmq mq-east-1: memory alarm set, 12 publisher connections blocked",
    "2026-12-03T08:40:00Z rabbitmq mq-east-1: memory alarm cleared, the block on publisher connections was lifted"])
ZH = "\n".join([
    "2026-12-03T00:10:00Z rabbitmq mq-east-1: 内存水位超限，已阻塞发布连接 12 个",
    "2026-12-03T00:40:00Z rabbitmq mq-east-1: 内存回落，发布连接阻塞已解除"])

FLIPPED = {  # the claim, and what must not be read as fact
    "en-still-blocked": ("At 08:40 mq-east-1 publisher connections were still blocked", "still blocked"),
    "en-unblocked-early": ("At 08:10 the 12 publisher connections on mq-east-1 were unblocked", "unblocked"),
    "zh-still-blocked": ("00:40 mq-east-1 的发布连接仍被阻塞", "仍被阻塞"),
}
HONEST = {
    "en-blocked": "At 08:10 mq-east-1 had 12 publisher connections blocked",
    "en-lifted": "At 08:40 the block on mq-east-1 publisher connections was lifted",
    "zh-blocked": "00:10 mq-east-1 已阻塞发布连接 12 个",
    "zh-lifted": "00:40 mq-east-1 的发布连接阻塞已解除",
}


def _logs(text: str) -> str:
    return ZH if _log(text) != _log("") else EN


@pytest.mark.parametrize(("text", "needle"), FLIPPED.values(), ids=FLIPPED.keys())
def test_a_flow_state_the_item_does_not_give_is_not_traced(text: str, needle: str) -> None:
    assert provenance.Items(_logs(text).splitlines()).untraced(text) is not None, needle


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_flow_state_the_item_gives_is_traced(text: str) -> None:
    assert provenance.Items(_logs(text).splitlines()).untraced(text) is None


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), FLIPPED.values(), ids=FLIPPED.keys())
def test_a_claim_flipping_a_flow_state_is_not_read_as_fact(text: str, needle: str, verifier: str) -> None:
    a = session_on(_logs(text), text, verifier)
    assert not read_as_fact(needle, a.final_answer), a.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_claim_keeping_a_flow_state_is_a_confirmed_finding(text: str, verifier: str) -> None:
    a = session_on(_logs(text), text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize(("confirmed", "lie", "taken"), [
    (HONEST["en-lifted"], "At 08:40 mq-east-1 publisher connections were still blocked.", False),
    (HONEST["en-lifted"], "At 08:40 the block on mq-east-1 publisher connections was lifted.", True),
    (HONEST["zh-lifted"], "00:40 mq-east-1 的发布连接仍被阻塞。", False),
    (HONEST["zh-lifted"], "00:40 mq-east-1 的发布连接阻塞已解除。", True)],
    ids=["en-blocked", "en-lifted-honest", "zh-blocked", "zh-lifted-honest"])
def test_a_composer_sentence_flipping_a_flow_state_is_refused(confirmed: str, lie: str, taken: bool) -> None:
    a = session_on(_logs(confirmed), confirmed, lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, (a.composer_status, a.final_answer)


@pytest.mark.parametrize(("line", "value"), [
    ("publishers were blocked", 0), ("throttled clients", 0), ("the block on publishers was lifted", 1),
    ("publishers unblocked", 1), ("已阻塞发布连接", 0), ("发布连接阻塞已解除", 1), ("解除限流", 1)])
def test_blocking_is_one_slot_read_with_its_release(line: str, value: int) -> None:
    k = [c.name for c in slots.CLASSES].index("blocking")
    assert slots.values(line)[k] == frozenset({value})
